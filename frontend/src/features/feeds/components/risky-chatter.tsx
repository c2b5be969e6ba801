import { useId, useState } from 'react';
import {
  feedPollMs,
  chatterSorts,
  socialPlatformLabels,
  socialPlatforms,
  trendRiskLevels,
  type ChatterSort,
  type Community,
  type SocialPlatform,
  type SocialTrend,
  type TrendRiskLevel,
} from '@shared/feeds/schemas';
import { confidenceTone, credibilityTone, riskTone, type Tone } from '@shared/ui/colour-bands';
import { Badge } from '../../../components/ui/badge';
import { SelectField } from '../../../components/ui/select-field';
import { useFeed } from '../api/get-feed';
import {
  capitalise,
  formatAge,
  formatChange,
  formatInteger,
  formatMoney,
  formatShares,
} from '../utils/format';
import { FeedClock, FeedState, OriginLabel, TickerFilter } from './feed-state';
import { InlineSwitch } from '../../../components/ui/switch';
import { TrackInJournalButton } from './track-in-journal-button';

const SORT_LABELS: Record<ChatterSort, string> = {
  newest: 'Newest',
  mentions: 'Mentions',
  confidence: 'Confidence',
  growth: 'Growth rate',
};
const SENTIMENT_TONES: Record<SocialTrend['sentiment'], Tone> = {
  bullish: 'green',
  bearish: 'red',
  neutral: 'gray',
};
const VERIFICATION_TONES: Record<SocialTrend['verificationStatus'], Tone> = {
  verified: 'green',
  unverified: 'yellow',
  suspicious: 'red',
};

function Communities({ communities }: { communities: readonly Community[] }) {
  return (
    <section
      aria-labelledby="communities-title"
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-4"
    >
      <h2 id="communities-title" className="text-lg font-semibold text-white">
        Trending communities
      </h2>
      {communities.length === 0 ? (
        <p className="mt-2 text-sm text-slate-400">None in the current chatter.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {communities.map((community) => (
            <li key={community.source} className="text-sm">
              <div className="flex items-center justify-between gap-2">
                <a
                  href={community.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-emerald-300 hover:underline"
                >
                  {community.source}
                </a>
                <span className="text-xs text-slate-400">{socialPlatformLabels[community.platform]}</span>
              </div>
              <p className="text-xs text-slate-400">
                {formatShares(community.mentions)} mentions in {community.trends} trend
                {community.trends === 1 ? '' : 's'} · {formatShares(community.communitySize)} members ·
                credibility {community.averageCredibility}
              </p>
              <p className="text-xs text-slate-300">{community.tickers.join(', ')}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function TrendCard({ trend, now }: { trend: SocialTrend; now: number }) {
  return (
    <article
      aria-label={`${trend.ticker} on ${socialPlatformLabels[trend.platform]}`}
      className="rounded-xl border border-slate-800 bg-slate-900/60 p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-lg font-bold text-white">{trend.ticker}</span>
        <OriginLabel provider={trend.provider} />
        <Badge tone={SENTIMENT_TONES[trend.sentiment]}>{capitalise(trend.sentiment)}</Badge>
        <Badge tone={riskTone(trend.riskLevel)}>{capitalise(trend.riskLevel)} risk</Badge>
        <span className="ml-auto text-xs text-slate-400">
          {socialPlatformLabels[trend.platform]} ·{' '}
          <time dateTime={trend.timestamp}>{formatAge(trend.timestamp, now)}</time>
        </span>
      </div>
      {trend.price !== undefined && (
        <p className="mt-1 text-xs text-slate-400">
          {formatMoney(trend.price)}{' '}
          {trend.changePercent !== undefined && (
            <span className={trend.changePercent >= 0 ? 'text-emerald-300' : 'text-red-300'}>
              {formatChange(trend.changePercent)}
            </span>
          )}
        </p>
      )}
      <p className="mt-2 text-sm text-slate-200">{trend.context}</p>
      <ul aria-label="Key phrases" className="mt-2 flex flex-wrap gap-1.5">
        {trend.keyPhrases.map((phrase) => (
          <li key={phrase} className="rounded-full bg-slate-800 px-2 py-0.5 text-xs text-slate-300">
            {phrase}
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
        <div>
          <dt className="text-slate-400">Mentions</dt>
          <dd className="text-slate-200">{formatInteger(trend.mentions)}</dd>
        </div>
        <div>
          <dt className="text-slate-400">Growth</dt>
          <dd className="text-slate-200">
            {trend.growth >= 0 ? '+' : ''}
            {trend.growth}%
          </dd>
        </div>
        <div>
          <dt className="text-slate-400">Confidence</dt>
          <dd>
            <Badge tone={confidenceTone(trend.confidence)}>{trend.confidence}%</Badge>
          </dd>
        </div>
        <div>
          <dt className="text-slate-400">Credibility</dt>
          <dd className="flex flex-wrap gap-1">
            <Badge tone={credibilityTone(trend.credibilityScore)}>{trend.credibilityScore}</Badge>
            <Badge tone={VERIFICATION_TONES[trend.verificationStatus]}>
              {capitalise(trend.verificationStatus)}
            </Badge>
          </dd>
        </div>
        <div>
          <dt className="text-slate-400">Community</dt>
          <dd className="text-slate-200">{formatShares(trend.communitySize)} members</dd>
        </div>
        <div>
          <dt className="text-slate-400">Influencers</dt>
          <dd className="text-slate-200">{trend.influencerMentions}</dd>
        </div>
        <div>
          <dt className="text-slate-400">Timeframe</dt>
          <dd className="text-slate-200">{trend.timeframe}</dd>
        </div>
        {trend.priceTarget !== undefined && (
          <div>
            <dt className="text-slate-400">Price target</dt>
            <dd className="text-slate-200">{formatMoney(trend.priceTarget)}</dd>
          </div>
        )}
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <a
          href={trend.sourceUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="text-xs font-semibold text-emerald-300 hover:underline"
        >
          {trend.source} on {socialPlatformLabels[trend.platform]} ↗
        </a>
        <TrackInJournalButton feed="chatter" item={trend} />
      </div>
    </article>
  );
}

/**
 * Risky Chatter (spec 2): platform and risk filters, sort by mentions, confidence or growth,
 * Live Scanning, trending communities, trend cards with source links, and the risk disclaimer.
 */
export function RiskyChatter() {
  const id = useId();
  const [platform, setPlatform] = useState<SocialPlatform | ''>('');
  const [risk, setRisk] = useState<TrendRiskLevel | ''>('');
  const [sort, setSort] = useState<ChatterSort>('newest');
  const [ticker, setTicker] = useState('');
  const [live, setLive] = useState(true);
  const feed = useFeed(
    'chatter',
    {
      ...(platform ? { platform } : {}),
      ...(risk ? { risk } : {}),
      ...(sort !== 'newest' ? { sort } : {}),
      ...(ticker ? { ticker } : {}),
    },
    live,
  );
  // Ages as of the last answer (the server's clock), so a render is a pure function of the data.
  const now = feed.data ? Date.parse(feed.data.asOf) : 0;

  return (
    <div className="space-y-6">
      <section
        aria-label="Chatter filters"
        className="grid gap-4 rounded-2xl border border-slate-800 bg-slate-900/70 p-4 sm:grid-cols-2 xl:grid-cols-4"
      >
        <SelectField
          id={`${id}-platform`}
          label="Platform"
          value={platform}
          onChange={(event) => setPlatform(event.target.value as SocialPlatform | '')}
          options={[
            { value: '', label: 'All platforms' },
            ...socialPlatforms.map((p) => ({ value: p, label: socialPlatformLabels[p] })),
          ]}
        />
        <SelectField
          id={`${id}-risk`}
          label="Risk"
          value={risk}
          onChange={(event) => setRisk(event.target.value as TrendRiskLevel | '')}
          options={[
            { value: '', label: 'All risk levels' },
            ...trendRiskLevels.map((r) => ({ value: r, label: capitalise(r) })),
          ]}
        />
        <SelectField
          id={`${id}-sort`}
          label="Sort by"
          value={sort}
          onChange={(event) => setSort(event.target.value as ChatterSort)}
          options={chatterSorts.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
        />
        <TickerFilter id={`${id}-ticker`} value={ticker} onChange={setTicker} />
        <div className="flex flex-col justify-center gap-2">
          <InlineSwitch
            label="Live Scanning"
            checked={live}
            onChange={(next) => {
              setLive(next);
              if (next) void feed.refetch();
            }}
            onText="Scanning"
            offText="Paused"
          />
          <FeedClock live={live} asOf={feed.data?.asOf} pollSeconds={feedPollMs('chatter') / 1000} />
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="chatter-title" className="min-w-0 space-y-3">
          <h2 id="chatter-title" className="text-lg font-semibold text-white">
            Trending chatter
          </h2>
          <FeedState
            what="social chatter"
            isPending={feed.isPending}
            error={feed.error && !feed.data ? feed.error : null}
            isEmpty={(feed.data?.items.length ?? 0) === 0}
            empty={
              <span role="status">{feed.data?.notice ?? 'No chatter matches these filters right now.'}</span>
            }
            onRetry={() => void feed.refetch()}
          >
            <ol aria-label="Social trends" className="space-y-3">
              {feed.data?.items.map((trend) => (
                <li key={trend.id}>
                  <TrendCard trend={trend} now={now} />
                </li>
              ))}
            </ol>
          </FeedState>
        </section>
        <div className="space-y-4">
          <Communities communities={feed.data?.communities ?? []} />
          <aside
            aria-label="Risk disclaimer"
            className="rounded-2xl border border-amber-400/30 bg-amber-400/5 p-4 text-xs text-amber-100"
          >
            <h2 className="mb-1 text-sm font-semibold text-amber-200">Risk disclaimer</h2>
            Social chatter is not advice. Posts can be wrong, coordinated or paid; low-credibility and
            unverified sources, extreme-risk names and price targets deserve extra caution. This feed is
            simulated from the app&apos;s market model. Never risk more than you can afford to lose.
          </aside>
        </div>
      </div>
    </div>
  );
}
