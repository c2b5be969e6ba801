import Clock from 'lucide-react/icons/clock';
import Shield from 'lucide-react/icons/shield';
import { Link } from 'react-router-dom';
import { BUSINESS_HOURS } from '@shared/constants/business-hours';
import { Card } from '../../../components/ui/card';
import { AnchorButton, LinkButton } from '../../../components/ui/link-button';
import { CONTACT_EMAILS, LIVE_CHAT_PATH, mailtoHref } from '../contact-details';
import { QUICK_HELP } from '../data/contact';

/** Contact page side column: quick help, business hours, and the emergency and live-chat actions. */
export function ContactSidebar() {
  return (
    <div className="space-y-6">
      <Card>
        <h2 className="text-lg font-semibold text-white">Quick Help</h2>
        <ul className="mt-4 space-y-3">
          {QUICK_HELP.map((item) => (
            <li key={item.title}>
              <Link
                to={item.to}
                className="flex gap-3 rounded-xl border border-slate-800 p-3 hover:border-emerald-400/40 hover:bg-slate-800/40"
              >
                <item.icon className="mt-0.5 size-5 shrink-0 text-emerald-300" />
                <span>
                  <span className="block text-sm font-semibold text-white">{item.title}</span>
                  <span className="block text-sm text-slate-400">{item.description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Card>
      <Card>
        <h2 className="flex items-center gap-2 text-lg font-semibold text-white">
          <Clock className="size-5 text-emerald-300" />
          Business Hours
        </h2>
        <dl className="mt-4 space-y-2 text-sm">
          {BUSINESS_HOURS.map((row) => (
            <div key={row.days} className="flex justify-between gap-4">
              <dt className="text-slate-400">{row.days}</dt>
              <dd className="text-right font-medium text-slate-200">{row.hours}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <div className="rounded-2xl border border-red-500/30 bg-red-500/5 p-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-white">
          <Shield className="size-5 text-red-300" />
          Emergency Support
        </h2>
        <p className="mt-2 text-sm text-slate-300">
          Pro and Elite subscribers get 24/7 emergency support for account access problems and platform
          outages. Email us with “Emergency” in the subject and we answer around the clock.
        </p>
        <div className="mt-5 flex flex-col gap-3">
          <AnchorButton href={mailtoHref(CONTACT_EMAILS.support, 'Emergency Support')}>
            Emergency Support
          </AnchorButton>
          <LinkButton to={LIVE_CHAT_PATH} variant="secondary">
            Live Chat
          </LinkButton>
        </div>
        <p className="mt-3 text-xs text-slate-500">
          Live Chat opens the in-app Research Assistant (sign-in required).
        </p>
      </div>
    </div>
  );
}
