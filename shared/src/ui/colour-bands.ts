/**
 * Spec 9, scores and colours: which band or tone a number falls in. Returns semantic names;
 * the frontend maps them to classes. Every threshold is inclusive ('80+' means 80 or more),
 * except the VIX ('above 25', 'above 20').
 */

export type Tone = 'green' | 'yellow' | 'orange' | 'red' | 'blue' | 'purple' | 'gray';
export type Polarity = 'positive' | 'neutral' | 'negative';

export type EdgeScoreBand = 'excellent' | 'good' | 'average' | 'below-average' | 'poor';

const EDGE_SCORE_BANDS: readonly { min: number; band: EdgeScoreBand; label: string; tone: Tone }[] = [
  { min: 80, band: 'excellent', label: 'Excellent', tone: 'green' },
  { min: 60, band: 'good', label: 'Good', tone: 'blue' },
  { min: 40, band: 'average', label: 'Average', tone: 'yellow' },
  { min: 20, band: 'below-average', label: 'Below Average', tone: 'orange' },
  { min: -Infinity, band: 'poor', label: 'Poor', tone: 'red' },
];

/** Help text: 80-100 excellent, 60-79 good, 40-59 average, 20-39 below average, 0-19 poor. */
export function edgeScoreBand(score: number): { band: EdgeScoreBand; label: string; tone: Tone } {
  const found =
    EDGE_SCORE_BANDS.find((b) => score >= b.min) ?? EDGE_SCORE_BANDS[EDGE_SCORE_BANDS.length - 1]!;
  return { band: found.band, label: found.label, tone: found.tone };
}

/** The three-colour edge score thresholds 80/60. */
export function edgeScoreTone(score: number): Tone {
  return score >= 80 ? 'green' : score >= 60 ? 'yellow' : 'red';
}

/** Dark pool guide: 90-100 exceptional, 80-89 excellent, 70-79 good, 60-69 average, under 60 below average. */
export function darkPoolEdgeLabel(score: number): string {
  if (score >= 90) return 'Exceptional';
  if (score >= 80) return 'Excellent';
  if (score >= 70) return 'Good';
  if (score >= 60) return 'Average';
  return 'Below Average';
}

/** Win-rate card: positive at 50% or more, neutral above 0, negative at 0. */
export function winRateTone(winRatePercent: number): Polarity {
  if (winRatePercent >= 50) return 'positive';
  if (winRatePercent > 0) return 'neutral';
  return 'negative';
}

/** P&L colour: positive above 0, negative below, neutral at exactly 0. */
export function pnlTone(pnl: number): Polarity {
  return pnl > 0 ? 'positive' : pnl < 0 ? 'negative' : 'neutral';
}

/** VIX: red above 25, yellow above 20, otherwise green. */
export function vixTone(vix: number): Tone {
  return vix > 25 ? 'red' : vix > 20 ? 'yellow' : 'green';
}

const threeStepTone = (value: number): Tone => (value >= 70 ? 'green' : value >= 40 ? 'yellow' : 'red');

/** Confidence 70/40: green at 70 or more, yellow at 40 or more, otherwise red. */
export function confidenceTone(confidence: number): Tone {
  return threeStepTone(confidence);
}

/** Credibility 70/40, like confidence. */
export function credibilityTone(credibility: number): Tone {
  return threeStepTone(credibility);
}

/** Risk: low green, medium yellow, high red; 'extreme' (social trends) purple, beyond red. */
const RISK_TONES: Record<'low' | 'medium' | 'high' | 'extreme', Tone> = {
  low: 'green',
  medium: 'yellow',
  high: 'red',
  extreme: 'purple',
};

export function riskTone(risk: keyof typeof RISK_TONES): Tone {
  return RISK_TONES[risk];
}

/** Alert severity: low blue, medium yellow, high red, critical purple. */
const SEVERITY_TONES: Record<'low' | 'medium' | 'high' | 'critical', Tone> = {
  low: 'blue',
  medium: 'yellow',
  high: 'red',
  critical: 'purple',
};

export function severityTone(severity: keyof typeof SEVERITY_TONES): Tone {
  return SEVERITY_TONES[severity];
}
