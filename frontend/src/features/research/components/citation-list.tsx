import type { ChatCitation } from '@shared/chat/schemas';
import { MARKET_DATA_SOURCE_LIVE, MARKET_DATA_SOURCE_SIMULATED } from '@shared/constants/texts';
import { formatDateTime } from '../utils/format';

const sourceLabel: Record<ChatCitation['source'], string> = {
  simulated: MARKET_DATA_SOURCE_SIMULATED,
  live: MARKET_DATA_SOURCE_LIVE,
  journal: 'Your journal',
};

/** What a reply used, under it: each tool call or card, its figures with their times, the trades read. */
export function CitationList({ citations }: { citations: ChatCitation[] }) {
  if (citations.length === 0) return null;
  return (
    <details className="group rounded-xl border border-slate-800 bg-slate-950/40 text-xs text-slate-300">
      <summary className="cursor-pointer list-none px-3 py-2 font-semibold text-slate-200 select-none focus-visible:outline-2 focus-visible:outline-emerald-300 sm:px-4">
        <span aria-hidden="true" className="mr-1.5 inline-block transition-transform group-open:rotate-90">
          ›
        </span>
        Sources ({citations.length})
      </summary>
      <ol aria-label="Sources" className="space-y-3 border-t border-slate-800 px-3 py-3 sm:px-4">
        {citations.map((citation, i) => (
          <li key={i}>
            <p className="font-medium text-slate-100">
              {citation.label}
              <span className="ml-2 font-normal text-slate-500">
                {sourceLabel[citation.source]}
                {citation.asOf && ` · as of ${formatDateTime(citation.asOf)}`}
              </span>
            </p>
            {citation.figures.length > 0 && (
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
                {citation.figures.map((figure, j) => (
                  <div key={j} className="contents">
                    <dt className="text-slate-500">{figure.name}</dt>
                    <dd className="break-words">
                      {figure.value}
                      {figure.asOf && figure.asOf !== citation.asOf && (
                        <span className="text-slate-500"> ({formatDateTime(figure.asOf)})</span>
                      )}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            {citation.tradeIds.length > 0 && (
              <p className="mt-1 text-slate-500">
                {citation.tradeIds.length} of your trade{citation.tradeIds.length === 1 ? '' : 's'} read:{' '}
                <span className="font-mono break-all">{citation.tradeIds.join(', ')}</span>
              </p>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
