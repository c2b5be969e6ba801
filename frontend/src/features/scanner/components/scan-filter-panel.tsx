import { useState, type FormEvent } from 'react';
import { SCANNER_STRATEGIES, type ScannerStrategyOption } from '@shared/constants/strategies';
import { IV_RANK_RANGE } from '@shared/constants/ranges';
import { UNIVERSE } from '@shared/market/universe';
import { DEFAULT_SCAN_LIMITS_TEXT } from '@shared/options/scan-filters';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { type ScanForm } from '../hooks/use-scan-form';
import { scanPresets, type ScanPreset } from '../utils/filter-form';
import { FieldError, errorProps } from './field-error';
import { MoreFilters } from './more-filters';

/** Every optionable symbol of the simulated market (indices have no listed options here). */
const scannableSymbols = UNIVERSE.filter((entry) => entry.kind !== 'index');

const inputClass =
  'mt-1.5 block w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2.5 text-sm text-white placeholder:text-slate-500 focus:border-emerald-400 focus:ring-2 focus:ring-emerald-400/30 focus:outline-none aria-invalid:border-red-400';

type ScanFilterPanelProps = {
  form: ScanForm;
  isScanning: boolean;
  canExport: boolean;
  activeFilters: number | null;
  onRun: () => void;
  onPreset: (preset: ScanPreset) => void;
  onExport: () => void;
};

/** Spec 2: ticker, strategy, 'IV Rank: n%' slider, Max Expiration and Export CSV; plus presets and more filters. */
export function ScanFilterPanel({
  form,
  isScanning,
  canExport,
  activeFilters,
  onRun,
  onPreset,
  onExport,
}: ScanFilterPanelProps) {
  const { values, errors, setField, reset } = form;
  const [moreOpen, setMoreOpen] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    onRun();
  }

  return (
    <section
      aria-labelledby="scan-filters-title"
      className="rounded-2xl border border-slate-800 bg-slate-900/70 p-4 sm:p-6"
    >
      <h2 id="scan-filters-title" className="sr-only">
        Scan filters
      </h2>
      <form onSubmit={submit} noValidate>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <div>
            <label htmlFor="scan-ticker" className="block text-sm font-medium text-slate-200">
              Ticker
            </label>
            <input
              id="scan-ticker"
              value={values.ticker}
              onChange={(event) => setField('ticker', event.target.value.toUpperCase())}
              maxLength={10}
              list="scan-ticker-symbols"
              placeholder="e.g. SPY (all when empty)"
              autoComplete="off"
              spellCheck={false}
              className={`${inputClass} uppercase placeholder:normal-case`}
              {...errorProps('scan-ticker', errors.ticker)}
            />
            <datalist id="scan-ticker-symbols">
              {scannableSymbols.map((entry) => (
                <option key={entry.symbol} value={entry.symbol}>
                  {entry.name}
                </option>
              ))}
            </datalist>
            <FieldError id="scan-ticker-error" message={errors.ticker} />
          </div>
          <SelectField
            id="scan-strategy"
            label="Strategy"
            value={values.strategy}
            onChange={(event) => setField('strategy', event.target.value as ScannerStrategyOption)}
            options={SCANNER_STRATEGIES}
          />
          <div>
            <label htmlFor="scan-iv-rank" className="block text-sm font-medium text-slate-200">
              IV Rank: {values.ivRank}%
            </label>
            <input
              id="scan-iv-rank"
              type="range"
              min={IV_RANK_RANGE.min}
              max={IV_RANK_RANGE.max}
              step={1}
              value={values.ivRank}
              aria-valuetext={`${values.ivRank}%`}
              onChange={(event) => setField('ivRank', Number(event.target.value))}
              className="mt-4 block w-full accent-emerald-500"
              {...errorProps('scan-iv-rank', errors.ivRank)}
            />
            <p className="mt-1 text-xs text-slate-400">Minimum IV rank of the underlying</p>
            <FieldError id="scan-iv-rank-error" message={errors.ivRank} />
          </div>
          <div>
            <label htmlFor="scan-expiration" className="block text-sm font-medium text-slate-200">
              Max Expiration
            </label>
            <input
              id="scan-expiration"
              type="date"
              value={values.expiration}
              onChange={(event) => setField('expiration', event.target.value)}
              className={inputClass}
              {...errorProps('scan-expiration', errors.expiration)}
            />
            <FieldError id="scan-expiration-error" message={errors.expiration} />
          </div>
        </div>

        <div className="mt-4">
          <button
            type="button"
            aria-expanded={moreOpen}
            aria-controls="scan-more-filters"
            onClick={() => setMoreOpen((open) => !open)}
            className="inline-flex items-center gap-1 rounded text-sm font-medium text-emerald-300 hover:text-emerald-200 focus-visible:outline-2 focus-visible:outline-emerald-300"
          >
            <span aria-hidden="true">{moreOpen ? '▾' : '▸'}</span> More filters
          </button>
          <p className="mt-2 text-xs text-slate-400">{DEFAULT_SCAN_LIMITS_TEXT}</p>
          <div id="scan-more-filters" hidden={!moreOpen} className="mt-4">
            <MoreFilters form={form} />
          </div>
        </div>

        <div className="mt-5 flex flex-wrap items-center gap-3">
          <Button type="submit" isLoading={isScanning}>
            Run Scan
          </Button>
          <Button variant="secondary" onClick={reset}>
            Reset
          </Button>
          <Button variant="secondary" onClick={onExport} disabled={!canExport}>
            Export CSV
          </Button>
          {activeFilters !== null && (
            <span className="text-xs text-slate-400">
              {activeFilters} {activeFilters === 1 ? 'filter' : 'filters'} active
            </span>
          )}
        </div>
      </form>

      <div className="mt-5 border-t border-slate-800 pt-4">
        <h3 id="scan-presets-title" className="text-xs font-semibold tracking-wide text-slate-400 uppercase">
          Preset scans
        </h3>
        <ul aria-labelledby="scan-presets-title" className="mt-2 flex flex-wrap gap-2">
          {scanPresets.map((preset) => (
            <li key={preset.name}>
              <button
                type="button"
                title={preset.description}
                onClick={() => onPreset(preset)}
                className="rounded-full border border-slate-700 bg-slate-950 px-3 py-1.5 text-xs font-medium text-slate-200 hover:border-emerald-400/60 hover:text-white focus-visible:outline-2 focus-visible:outline-emerald-300"
              >
                {preset.name}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
