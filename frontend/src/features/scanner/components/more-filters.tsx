import { sectors } from '@shared/market/universe';
import { moneynessValues, scanSortKeys } from '@shared/options/scan-filters';
import { SelectField } from '../../../components/ui/select-field';
import { type ScanForm } from '../hooks/use-scan-form';
import { filterGroups, numericFilters, type EarningsChoice } from '../utils/filter-form';
import { FieldError, errorProps } from './field-error';

const inputClass =
  'mt-1.5 block w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-sm text-white placeholder:text-slate-500 focus:border-emerald-400 focus:ring-2 focus:ring-emerald-400/30 focus:outline-none aria-invalid:border-red-400';

const moneynessLabels = { itm: 'In the money', atm: 'At the money', otm: 'Out of the money' } as const;

const sortLabels: Record<(typeof scanSortKeys)[number], string> = {
  edgeScore: 'Edge score',
  expectedReturn: 'Expected return',
  probabilityOfProfit: 'Probability of profit',
  iv: 'IV',
  ivRank: 'IV rank',
  volume: 'Volume',
  openInterest: 'Open interest',
  premium: 'Premium',
  delta: 'Delta',
  theta: 'Theta',
  vega: 'Vega',
  dte: 'Days to expiry',
  capital: 'Capital required',
  rewardRisk: 'Reward/risk',
  ticker: 'Ticker',
  strike: 'Strike',
};

/** The filters beyond the spec's four, grouped, each with its unit in the label. */
export function MoreFilters({ form }: { form: ScanForm }) {
  const { values, errors, setField, setNumber } = form;
  return (
    <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
      {filterGroups.map((group) => (
        <fieldset key={group} className="min-w-0 space-y-3">
          <legend className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{group}</legend>
          <div className="grid grid-cols-2 gap-3">
            {numericFilters
              .filter((filter) => filter.group === group)
              .map((filter) => {
                const id = `scan-${filter.name}`;
                const error = errors[filter.name];
                return (
                  <div key={filter.name} className="min-w-0">
                    <label htmlFor={id} className="block text-sm font-medium text-slate-200">
                      {filter.label}{' '}
                      <span className="text-xs font-normal text-slate-400">({filter.unit})</span>
                    </label>
                    <input
                      id={id}
                      type="number"
                      inputMode="decimal"
                      step={filter.step}
                      value={values.numbers[filter.name] ?? ''}
                      onChange={(event) => setNumber(filter.name, event.target.value)}
                      className={inputClass}
                      {...errorProps(id, error)}
                    />
                    <FieldError id={`${id}-error`} message={error} />
                  </div>
                );
              })}
          </div>
          {group === 'Expiry and greeks' && (
            <SelectField
              id="scan-moneyness"
              label="Moneyness"
              value={values.moneyness}
              onChange={(event) => setField('moneyness', event.target.value as typeof values.moneyness)}
              options={[
                { value: '', label: 'Any' },
                ...moneynessValues.map((value) => ({ value, label: moneynessLabels[value] })),
              ]}
            />
          )}
          {group === 'Underlying' && (
            <>
              <SelectField
                id="scan-sector"
                label="Sector"
                value={values.sector}
                onChange={(event) => setField('sector', event.target.value as typeof values.sector)}
                options={[
                  { value: '', label: 'Any sector' },
                  ...sectors.map((s) => ({ value: s, label: s })),
                ]}
              />
              <SelectField
                id="scan-earnings"
                label="Positions spanning earnings"
                value={values.earnings}
                onChange={(event) => setField('earnings', event.target.value as EarningsChoice)}
                options={[
                  { value: 'auto', label: 'Leave out, unless a ticker is chosen' },
                  { value: 'exclude', label: 'Leave out' },
                  { value: 'include', label: 'Include' },
                ]}
              />
            </>
          )}
          {group === 'Risk and reward' && (
            <div className="grid grid-cols-2 gap-3">
              <SelectField
                id="scan-sort-by"
                label="Rank by"
                value={values.sortBy}
                onChange={(event) => setField('sortBy', event.target.value as typeof values.sortBy)}
                options={scanSortKeys.map((key) => ({ value: key, label: sortLabels[key] }))}
              />
              <SelectField
                id="scan-sort-dir"
                label="Order"
                value={values.sortDir}
                onChange={(event) => setField('sortDir', event.target.value as typeof values.sortDir)}
                options={[
                  { value: 'desc', label: 'Highest first' },
                  { value: 'asc', label: 'Lowest first' },
                ]}
              />
            </div>
          )}
        </fieldset>
      ))}
    </div>
  );
}
