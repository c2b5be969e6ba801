/** Spec 1: the marketing claims, shown as claims (with the footnote below), not as measured results. */
export const MARKETING_CLAIMS = [
  { value: '10,000+', label: 'Traders' },
  { value: '340%', label: 'ROI' },
  { value: '95%', label: 'Accuracy' },
  { value: '20+', label: 'Scanner filters' },
] as const;

export const MARKETING_CLAIMS_FOOTNOTE =
  'Marketing claims, not independently verified or audited. Past performance does not guarantee future results; options trading involves substantial risk of loss.';
