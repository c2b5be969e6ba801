import Briefcase from 'lucide-react/icons/briefcase';
import Check from 'lucide-react/icons/check';
import Clock from 'lucide-react/icons/clock';
import MapPin from 'lucide-react/icons/map-pin';
import { AnchorButton } from '../../../components/ui/link-button';
import { CONTACT_EMAILS, mailtoHref } from '../contact-details';
import { OPEN_POSITIONS } from '../data/careers';

/** The open roles; 'Apply Now' opens an email to careers@ with the role in the subject. */
export function OpenPositions() {
  return (
    <ul className="space-y-5">
      {OPEN_POSITIONS.map((position) => (
        <li key={position.title}>
          <article className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6 sm:p-7">
            <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
              <div>
                <h3 className="text-xl font-semibold text-white">{position.title}</h3>
                <ul
                  aria-label={`${position.title} details`}
                  className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-400"
                >
                  <li className="inline-flex items-center gap-1.5">
                    <Briefcase className="size-4" />
                    {position.department}
                  </li>
                  <li className="inline-flex items-center gap-1.5">
                    <MapPin className="size-4" />
                    {position.location}
                  </li>
                  <li className="inline-flex items-center gap-1.5">
                    <Clock className="size-4" />
                    {position.type}
                  </li>
                  <li className="inline-flex items-center gap-1.5 font-medium text-emerald-300">
                    <span className="sr-only">Salary range: </span>
                    {position.salary}
                  </li>
                </ul>
              </div>
              <AnchorButton
                href={mailtoHref(CONTACT_EMAILS.careers, `Application: ${position.title}`)}
                aria-label={`Apply Now for ${position.title}`}
                className="shrink-0"
              >
                Apply Now
              </AnchorButton>
            </div>
            <p className="mt-4 text-sm leading-relaxed text-slate-300">{position.description}</p>
            <h4 className="mt-5 text-sm font-semibold text-slate-200">Requirements</h4>
            <ul className="mt-2 grid gap-2 text-sm text-slate-400 sm:grid-cols-2">
              {position.requirements.map((requirement) => (
                <li key={requirement} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-emerald-400" />
                  {requirement}
                </li>
              ))}
            </ul>
          </article>
        </li>
      ))}
    </ul>
  );
}
