import { describe, expect, it } from 'vitest';
import { formatOcc, parseOcc } from '@shared/providers/chains/occ';

describe('OCC option symbols', () => {
  it('reads the three spellings providers use', () => {
    expect(parseOcc('QQQ230522C00260000')).toEqual({
      root: 'QQQ',
      expiration: '2023-05-22',
      type: 'call',
      strike: 260,
    });
    expect(parseOcc('O:SPY251010C00673000')).toEqual({
      root: 'SPY',
      expiration: '2025-10-10',
      type: 'call',
      strike: 673,
    });
    expect(parseOcc('TSLL  250912P00012500')).toEqual({
      root: 'TSLL',
      expiration: '2025-09-12',
      type: 'put',
      strike: 12.5,
    });
    expect(parseOcc('SPXW251121P06500000')?.root).toBe('SPXW');
  });

  it('refuses what is not one: an impossible date, a short strike, a future', () => {
    expect(parseOcc('SPY250230C00100000')).toBeNull();
    expect(parseOcc('SPY251010C0067300')).toBeNull();
    expect(parseOcc('./ESM4 E2CJ4 240405P5100')).toBeNull();
    expect(parseOcc('garbage')).toBeNull();
  });

  it('writes the padded 21-character form, and reads it back', () => {
    const terms = { root: 'SPY', expiration: '2024-04-19', type: 'put', strike: 500 } as const;
    expect(formatOcc(terms)).toBe('SPY   240419P00500000');
    expect(formatOcc({ ...terms, root: 'SPXW', strike: 6512.5 })).toBe('SPXW  240419P06512500');
    expect(parseOcc(formatOcc(terms))).toEqual(terms);
  });
});
