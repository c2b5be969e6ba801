import MapPin from 'lucide-react/icons/map-pin';
import { OFFICES } from '../data/contact';

export function Offices() {
  return (
    <>
      <ul className="grid gap-5 md:grid-cols-3">
        {OFFICES.map((office) => (
          <li key={office.city} className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6">
            <MapPin className="size-6 text-emerald-300" />
            <h3 className="mt-3 text-lg font-semibold text-white">{office.city}</h3>
            <p className="mt-1 text-sm text-slate-300">{office.area}</p>
            <p className="mt-1 text-sm text-slate-500">{office.role}</p>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-sm text-slate-500">Office visits are by appointment only.</p>
    </>
  );
}
