/** A round avatar with a person's initials, for places that would show a photo. */
export function InitialsAvatar({ name, className = 'size-11' }: { name: string; className?: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, 2);
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-emerald-400/80 to-cyan-500/80 text-sm font-bold text-slate-950 ${className}`}
    >
      {initials}
    </span>
  );
}
