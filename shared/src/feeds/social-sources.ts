/**
 * Where simulated social chatter is said to come from: the four platforms of spec 2 and a few
 * communities on each. Links go to each platform's own public search or symbol page for the
 * ticker, so a trader can look at the real conversation; the chatter itself is simulated.
 */
import { hashString, uniform } from '../market/random';
import type { SocialPlatform } from './schemas';

export interface SocialCommunity {
  platform: SocialPlatform;
  name: string;
  /** Members (simulated, fixed per community). */
  size: number;
  /** The platform's baseline credibility for trading talk (0-100). */
  credibility: number;
}

const community = (platform: SocialPlatform, name: string, credibility: number): SocialCommunity => ({
  platform,
  name,
  // 20K to about 3M members, fixed per name.
  size: Math.round((20_000 * Math.exp(5 * uniform(hashString(`community|${name}`), 0))) / 1000) * 1000,
  credibility,
});

export const SOCIAL_COMMUNITIES: readonly SocialCommunity[] = [
  community('reddit', 'r/options', 62),
  community('reddit', 'r/stocks', 55),
  community('reddit', 'r/wallstreetbets', 35),
  community('reddit', 'r/thetagang', 60),
  community('twitter', '#FinTwit', 48),
  community('twitter', '#OptionsFlow', 45),
  community('discord', 'Options Flow Traders', 42),
  community('discord', 'Day Trading Room', 38),
  community('stocktwits', 'StockTwits Trending', 36),
  community('stocktwits', 'StockTwits Options', 40),
];

/** The platform's page for the ticker (a search or the symbol's stream). */
export function tickerSourceUrl(platform: SocialPlatform, ticker: string, communityName?: string): string {
  const symbol = encodeURIComponent(ticker);
  switch (platform) {
    case 'reddit': {
      const sub = communityName?.startsWith('r/') ? communityName : 'r/stocks';
      return `https://www.reddit.com/${sub}/search/?q=${symbol}&restrict_sr=1`;
    }
    case 'twitter':
      return `https://x.com/search?q=%24${symbol}&f=live`;
    case 'discord':
      return `https://discord.com/servers?query=${encodeURIComponent(communityName ?? 'options trading')}`;
    case 'stocktwits':
      return `https://stocktwits.com/symbol/${symbol}`;
  }
}

/** A community's own page. */
export function communityUrl(item: { platform: SocialPlatform; name: string }): string {
  switch (item.platform) {
    case 'reddit':
      return `https://www.reddit.com/${item.name}/`;
    case 'twitter':
      return `https://x.com/search?q=${encodeURIComponent(item.name)}`;
    case 'discord':
      return `https://discord.com/servers?query=${encodeURIComponent(item.name)}`;
    case 'stocktwits':
      return 'https://stocktwits.com/sentiment';
  }
}
