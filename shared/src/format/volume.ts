/** Share volume as the quotes show it: '950', '12.3K', '12.3M', '1.2B' (one decimal past 1000). */

const SUFFIXES = ['', 'K', 'M', 'B'] as const;

const roundForUnit = (value: number, unit: number): number =>
  unit === 0 ? Math.round(value) : Math.round(value * 10) / 10;

export function formatVolume(volume: number): string {
  if (!Number.isFinite(volume)) return '--';
  const sign = volume < 0 ? '-' : '';
  let scaled = Math.abs(volume);
  let unit = 0;
  // Step up while the value as printed would reach 1000: 999,960 is '1.0M', not '1000.0K'.
  while (unit < SUFFIXES.length - 1 && roundForUnit(scaled, unit) >= 1000) {
    scaled /= 1000;
    unit += 1;
  }
  const rounded = roundForUnit(scaled, unit);
  return `${sign}${unit === 0 ? rounded : rounded.toFixed(1)}${SUFFIXES[unit] ?? ''}`;
}
