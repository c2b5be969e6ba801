import { InitialsAvatar } from '../../../components/ui/initials-avatar';
import { FOUNDER_CARD } from '../data/about';

export function FounderCard() {
  return (
    <article className="flex flex-col gap-6 rounded-2xl border border-slate-800 bg-slate-900/60 p-7 sm:flex-row sm:items-start">
      <InitialsAvatar name="Edge Options" className="size-20 text-2xl" />
      <div>
        <h3 className="text-xl font-semibold text-white">{FOUNDER_CARD.name}</h3>
        <p className="text-sm font-medium text-emerald-300">{FOUNDER_CARD.role}</p>
        <p className="mt-3 text-sm leading-relaxed text-slate-300">{FOUNDER_CARD.bio}</p>
        <ul aria-label="Expertise" className="mt-4 flex flex-wrap gap-2">
          {FOUNDER_CARD.focus.map((area) => (
            <li key={area} className="rounded-full bg-slate-800 px-3 py-1 text-xs text-slate-300">
              {area}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
