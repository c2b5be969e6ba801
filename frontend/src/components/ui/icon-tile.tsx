import { type LucideIcon } from 'lucide-react';

/** An icon in a tinted rounded square, the marketing pages' feature mark (decorative, as lucide icons are by default). */
export function IconTile({ icon: Icon, className = '' }: { icon: LucideIcon; className?: string }) {
  return (
    <span
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-emerald-400/10 text-emerald-300 ring-1 ring-emerald-400/20 ${className}`}
    >
      <Icon className="size-5" />
    </span>
  );
}
