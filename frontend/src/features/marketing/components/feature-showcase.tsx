import ArrowRight from 'lucide-react/icons/arrow-right';
import Check from 'lucide-react/icons/check';
import { IconTile } from '../../../components/ui/icon-tile';
import { LinkButton } from '../../../components/ui/link-button';
import { FEATURE_SHOWCASE, type FeatureSample } from '../data/features-page';
import { SampleLabel } from './sample-label';

function SampleData({ sample }: { sample: FeatureSample }) {
  return (
    <div className="rounded-2xl border border-slate-800 bg-slate-950/80 p-5 shadow-xl shadow-black/30">
      <div className="mb-4 flex items-center justify-between gap-2">
        <p className="text-xs font-medium tracking-wide text-slate-400 uppercase">Demo</p>
        <SampleLabel>Sample data</SampleLabel>
      </div>
      {sample.kind === 'chat' ? (
        <div className="space-y-3 text-sm">
          <p className="ml-auto w-fit max-w-[90%] rounded-xl rounded-br-sm bg-emerald-500/15 px-3 py-2 text-emerald-100">
            {sample.question}
          </p>
          <p className="max-w-[95%] rounded-xl rounded-bl-sm bg-slate-800 px-3 py-2 text-slate-200">
            {sample.answer}
          </p>
        </div>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{sample.caption}</caption>
            <thead>
              <tr className="text-left text-xs text-slate-400">
                {sample.columns.map((column) => (
                  <th key={column} scope="col" className="pr-3 pb-2 font-medium whitespace-nowrap">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sample.rows.map((row) => (
                <tr key={row.join('|')} className="border-t border-slate-800">
                  {row.map((cell, index) => (
                    <td
                      key={`${index}-${cell}`}
                      className={`py-2 pr-3 ${index === 0 ? 'font-semibold text-white' : 'text-slate-300'}`}
                    >
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The features page's six sections, alternating sides on wide screens. */
export function FeatureShowcase() {
  return (
    <div className="space-y-20 sm:space-y-28">
      {FEATURE_SHOWCASE.map((feature, index) => {
        const headingId = `feature-${feature.id}`;
        return (
          <section
            key={feature.id}
            aria-labelledby={headingId}
            className="grid grid-cols-1 items-center gap-10 lg:grid-cols-2"
          >
            <div className={index % 2 === 1 ? 'lg:order-last' : ''}>
              <IconTile icon={feature.icon} />
              <p className="mt-5 text-sm font-semibold tracking-wide text-emerald-400 uppercase">
                {feature.tagline}
              </p>
              <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-white">
                {feature.title}
              </h2>
              <p className="mt-4 leading-relaxed text-slate-300">{feature.description}</p>
              <ul aria-label={`${feature.title} benefits`} className="mt-6 space-y-3">
                {feature.benefits.map((benefit) => (
                  <li key={benefit} className="flex gap-3 text-sm text-slate-300">
                    <Check className="mt-0.5 size-4 shrink-0 text-emerald-400" />
                    {benefit}
                  </li>
                ))}
              </ul>
              <LinkButton to="/signup" aria-label={`Try This Feature: ${feature.title}`} className="mt-8">
                Try This Feature
                <ArrowRight className="size-4" />
              </LinkButton>
            </div>
            <SampleData sample={feature.sample} />
          </section>
        );
      })}
    </div>
  );
}
