/**
 * `npm run cost`'s arguments and its table (Markdown, so the README holds exactly what it prints).
 */
import { parseArgs } from 'node:util';
import { CHAIN_PROVIDERS, type ChainProviderName } from '@shared/providers/chains/chain';
import { type Estimate } from './estimate';

const isChainProvider = (name: string): name is ChainProviderName =>
  (CHAIN_PROVIDERS as readonly string[]).includes(name);

export const MAX_USERS = 10_000_000;

export const USAGE = [
  'Usage: npm run cost -- --users N [--stage prod|dev] [--chains simulated|cboe|polygon|tradier] [--no-free-tier]',
  '  --users N        active traders (monthly active users), 1 to 10,000,000; 1,000 and 1_000 are fine',
  '  --stage NAME     the stage of infra/config/stages.ts (default prod): log level and retention, site gate, PITR',
  "  --chains NAME    where chains come from (default: the stage's); a real provider adds the chain snapshot job, its S3 writes and reads",
  '  --no-free-tier   leave out the always-free allowances (they are per account, shared by its stages)',
].join('\n');

/** A wrong argument: `npm run cost` prints the message and the usage, and exits 2. */
export class CostUsageError extends Error {
  override name = 'CostUsageError';
}

export interface CostArgs {
  users: number;
  stage: string;
  /** A chain provider other than the stage's, or undefined for the stage's own. */
  chains?: 'simulated' | ChainProviderName;
  freeTier: boolean;
  help: boolean;
}

/** Whole number of traders from a command-line value ('1000', '1,000', '1_000'). */
export function parseUsers(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '')
    throw new CostUsageError('--users is required: the number of active traders, e.g. --users 1000');
  const digits = raw.trim().replace(/[,_](?=\d{3}(?:[,_]|$))/g, '');
  const users = /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
  if (!Number.isSafeInteger(users) || users < 1 || users > MAX_USERS)
    throw new CostUsageError(
      `--users must be a whole number of active traders from 1 to ${MAX_USERS.toLocaleString('en-US')}, not "${raw}"`,
    );
  return users;
}

export function parseCostArgs(argv: readonly string[], stageNames: readonly string[]): CostArgs {
  let values: { users?: string; stage?: string; chains?: string; 'no-free-tier'?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        users: { type: 'string', short: 'u' },
        stage: { type: 'string', default: 'prod' },
        chains: { type: 'string' },
        'no-free-tier': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CostUsageError((error as Error).message);
  }
  if (values.help) return { users: 0, stage: 'prod', freeTier: true, help: true };
  const stage = values.stage ?? 'prod';
  if (!stageNames.includes(stage))
    throw new CostUsageError(`--stage must be one of ${stageNames.join(', ')}, not "${stage}"`);
  const chains = values.chains;
  if (chains !== undefined && chains !== 'simulated' && !isChainProvider(chains))
    throw new CostUsageError(`--chains must be simulated, cboe, polygon or tradier, not "${chains}"`);
  return {
    users: parseUsers(values.users),
    stage,
    ...(chains ? { chains } : {}),
    freeTier: !values['no-free-tier'],
    help: false,
  };
}

const dollars = (usd: number) =>
  `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The bill as a Markdown table, columns padded the way Prettier pads them. */
export function formatCostTable(estimate: Estimate): string {
  const header = ['service', 'monthly', 'share', 'what drives it'];
  const body = estimate.rows.map((r) => [
    r.service,
    dollars(r.usd),
    percent(estimate.total > 0 ? r.usd / estimate.total : 0),
    r.detail,
  ]);
  const totalRow = [
    '**total**',
    `**${dollars(estimate.total)}**`,
    '100.0%',
    `${dollars(estimate.perTrader)} per trader`,
  ];
  const lines = [header, ...body, totalRow];
  const widths = header.map((_, c) => Math.max(3, ...lines.map((cells) => cells[c]!.length)));
  const right = [false, true, true, false];
  const cell = (text: string, c: number) => (right[c] ? text.padStart(widths[c]!) : text.padEnd(widths[c]!));
  const render = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = `| ${widths.map((w, c) => (right[c] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [render(header), rule, ...body.map(render), render(totalRow)].join('\n');
}

export function formatReport(estimate: Estimate): string {
  const free = estimate.freeTier ? 'always-free allowances applied' : 'no free allowances';
  return [
    `Stage ${estimate.stage}, ${estimate.users.toLocaleString('en-US')} active traders, a month (USD, us-east-1, ${free}):`,
    '',
    formatCostTable(estimate),
  ].join('\n');
}
