import { describe, expect, it } from 'vitest';
import { slidingWindow } from '../../../lambdas/common/rate-limit';

const rule = { limit: 10, windowSeconds: 900 };

describe('slidingWindow', () => {
  it('lets no burst at a window boundary pass twice the limit', () => {
    // 10 requests at the very end of one window, then the first of the next window.
    expect(slidingWindow(10, 1, 0, rule).estimate).toBeGreaterThan(rule.limit);
    // A fixed window would have allowed 10 more; the sliding estimate allows none right away...
    let allowed = 0;
    for (let current = 1; current <= 10; current += 1)
      if (slidingWindow(10, current, 0.01, rule).estimate <= rule.limit) allowed += 1;
    expect(allowed).toBe(0);
    // ...and half of them once half the previous window has slid out.
    allowed = 0;
    for (let current = 1; current <= 10; current += 1)
      if (slidingWindow(10, current, 0.5, rule).estimate <= rule.limit) allowed += 1;
    expect(allowed).toBe(5);
  });

  it('weights the previous window by the share of it still inside the sliding window', () => {
    expect(slidingWindow(8, 2, 0.25, rule).estimate).toBe(8 * 0.75 + 2);
    expect(slidingWindow(0, 10, 0.9, rule)).toEqual({ estimate: 10, retryAfterSeconds: 0 });
  });

  it('says when the estimate will be back within the limit', () => {
    // 10 × (1 − f) + 4 ≤ 10 once f ≥ 0.4, i.e. 0.3 of a window (270 s) after f = 0.1.
    expect(slidingWindow(10, 4, 0.1, rule).retryAfterSeconds).toBeCloseTo(270, 6);
    // Over the limit within this window alone: only the end of the window helps.
    expect(slidingWindow(0, 11, 0.75, rule).retryAfterSeconds).toBeCloseTo(225, 6);
  });
});
