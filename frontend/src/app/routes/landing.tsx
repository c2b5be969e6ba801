import { Link } from 'react-router-dom';
import { TRIAL_DAYS } from '@shared/constants/plans';
import { PublicLayout } from '../../components/layouts/public-layout';

const highlights = ['Dark pool flow detection', 'AI research assistant', 'Options scanner with edge scoring'];

export function LandingRoute() {
  return (
    <PublicLayout>
      <section className="bg-[radial-gradient(ellipse_at_top,rgba(16,185,129,0.15),transparent_60%)]">
        <div className="mx-auto max-w-4xl px-6 py-24 text-center sm:py-32">
          <h1 className="text-5xl font-extrabold tracking-tight text-white sm:text-6xl">
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
            {highlights.map((highlight) => (
              <li
                key={highlight}
                className="rounded-full border border-emerald-400/30 bg-emerald-400/10 px-4 py-1.5 text-sm text-emerald-200"
              >
                {highlight}
              </li>
            ))}
          </ul>
          <div className="mt-10 flex justify-center">
            <Link
              to="/signup"
              className="rounded-lg bg-emerald-500 px-6 py-3 text-base font-semibold text-slate-950 hover:bg-emerald-400"
            >
              Start {TRIAL_DAYS}-Day Free Trial
            </Link>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
