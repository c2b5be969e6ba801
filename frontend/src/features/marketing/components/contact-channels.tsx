import { Link } from 'react-router-dom';
import { IconTile } from '../../../components/ui/icon-tile';
import { CONTACT_CHANNELS } from '../data/contact';

const actionClasses =
  'mt-5 inline-flex items-center gap-1 text-sm font-semibold text-emerald-300 hover:text-emerald-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400';

/** The four ways to reach us, each with a real action (mailto:, tel: or a link into the app). */
export function ContactChannels() {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {CONTACT_CHANNELS.map((channel) => (
        <li
          key={channel.title}
          className="flex flex-col rounded-2xl border border-slate-800 bg-slate-900/60 p-6"
        >
          <IconTile icon={channel.icon} />
          <h3 className="mt-4 text-lg font-semibold text-white">{channel.title}</h3>
          <p className="mt-2 flex-1 text-sm text-slate-400">{channel.description}</p>
          <p className="mt-3 text-sm font-medium break-words text-slate-200">{channel.detail}</p>
          {'href' in channel.action ? (
            <a href={channel.action.href} className={actionClasses}>
              {channel.action.label} <span aria-hidden="true">→</span>
            </a>
          ) : (
            <Link to={channel.action.to} className={actionClasses}>
              {channel.action.label} <span aria-hidden="true">→</span>
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
