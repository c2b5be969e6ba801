import ArrowRight from 'lucide-react/icons/arrow-right';
import { TRIAL_DAYS } from '@shared/constants/plans';
import { LinkButton, linkButtonClasses } from '../../../components/ui/link-button';
import { HERO_CHIPS } from '../data/landing';
import { PRICING_HEADING_ID, PRICING_SECTION_ID } from './pricing-section';
import { PreviewCards } from './preview-cards';

/** Scrolls to the pricing section (smoothly unless the visitor prefers reduced motion) and focuses its heading. */
function scrollToPricing() {
  const section = document.getElementById(PRICING_SECTION_ID);
  if (!section) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  document.getElementById(PRICING_HEADING_ID)?.focus({ preventScroll: true });
}

export function LandingHero() {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 h-[36rem] bg-[radial-gradient(ellipse_at_top,rgba(16,185,129,0.22),transparent_60%)]"
      />
      <div className="relative mx-auto max-w-6xl px-6 pt-16 pb-20 sm:pt-24">
        <div className="mx-auto max-w-4xl text-center">
          <h1 className="text-4xl font-extrabold tracking-tight text-balance text-white sm:text-6xl">
            The AI Edge for{' '}
            <span className="bg-gradient-to-r from-emerald-400 to-cyan-400 bg-clip-text text-transparent">
              Options Trading
            </span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">
            Research trades with an AI assistant, scan options with edge scoring and follow institutional dark
            pool flow, all in one place.
          </p>
          <ul aria-label="Highlights" className="mt-8 flex flex-wrap justify-center gap-3">
            {HERO_CHIPS.map((chip) => (
              <li
                key={chip.title}
                className="inline-flex items-center gap-2 rounded-full border border-emerald-400/30 bg-emerald-400/10 px-4 py-1.5 text-sm text-emerald-100"
              >
                <chip.icon className="size-4 text-emerald-300" />
                <span>
                  {chip.title}
                  <span className="hidden text-emerald-200/70 sm:inline"> · {chip.description}</span>
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <LinkButton to="/signup" className="px-6 text-base">
              Start {TRIAL_DAYS}-Day Free Trial
              <ArrowRight className="size-4" />
            </LinkButton>
            <button
              type="button"
              onClick={scrollToPricing}
              className={linkButtonClasses('secondary', 'px-6 text-base')}
            >
              View Pricing
            </button>
          </div>
          <p className="mt-4 text-sm text-slate-500">No credit card required for the trial.</p>
        </div>
        <div className="mt-16">
          <PreviewCards />
        </div>
      </div>
    </section>
  );
}
