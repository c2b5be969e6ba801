import { MARKETING_CLAIMS, MARKETING_CLAIMS_FOOTNOTE } from '../data/claims';

/** The spec's marketing claims, labelled as claims with a footnote. */
export function MarketingClaims() {
  return (
    <figure className="rounded-2xl border border-slate-800 bg-slate-900/40 px-6 py-8">
      <dl className="grid grid-cols-2 gap-6 text-center lg:grid-cols-4">
        {MARKETING_CLAIMS.map((claim) => (
          <div key={claim.label} className="flex flex-col gap-1">
            <dt className="text-sm text-slate-400">
              {claim.label}
              <span aria-hidden="true">*</span>
            </dt>
            <dd className="order-first text-3xl font-bold text-white sm:text-4xl">{claim.value}</dd>
          </div>
        ))}
      </dl>
      <figcaption className="mt-6 text-center text-xs text-slate-500">
        * {MARKETING_CLAIMS_FOOTNOTE}
      </figcaption>
    </figure>
  );
}
