/**
 * `npm run cost -- --users N [--stage prod|dev] [--chains simulated|cboe|polygon|tradier] [--no-free-tier]`: the monthly AWS (and AI
 * provider) cost of a stage for N active traders, per service, from the prices and usage
 * assumptions of scripts/cost/prices.ts and usage.ts. Bad arguments print why and the usage, and exit 2.
 */
import { stages, type StageName } from '../infra/config/stages';
import { estimateMonthlyCost, stageFacts } from './cost/estimate';
import { CostUsageError, formatReport, parseCostArgs, USAGE } from './cost/report';

try {
  const args = parseCostArgs(process.argv.slice(2), Object.keys(stages));
  if (args.help) {
    console.log(USAGE);
  } else {
    const estimate = estimateMonthlyCost({
      users: args.users,
      stage: {
        ...stageFacts(stages[args.stage as StageName]),
        ...(args.chains ? { chains: args.chains } : {}),
      },
      freeTier: args.freeTier,
    });
    console.log(formatReport(estimate));
  }
} catch (error) {
  if (!(error instanceof CostUsageError)) throw error;
  console.error(`npm run cost: ${error.message}\n\n${USAGE}`);
  process.exitCode = 2;
}
