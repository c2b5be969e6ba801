import { describe, expect, it } from 'vitest';
import { MARKET_DATA_SOURCE_SIMULATED } from '@shared/constants/texts';
import { dataBadgeText } from '../../../frontend/src/lib/data-badge';

describe("a screen's source badge", () => {
  it('says simulated only when the stage has no provider for that kind', () => {
    expect(dataBadgeText(undefined)).toBe(MARKET_DATA_SOURCE_SIMULATED);
    expect(dataBadgeText('simulated')).toBe(MARKET_DATA_SOURCE_SIMULATED);
  });

  it("names the provider, and CBOE's delay", () => {
    expect(dataBadgeText('polygon')).toBe('Polygon data');
    expect(dataBadgeText('stocktwits')).toBe('StockTwits data');
    expect(dataBadgeText('unusualwhales')).toBe('Unusual Whales data');
    expect(dataBadgeText('cboe')).toBe('CBOE data · 15 min delayed');
  });
});
