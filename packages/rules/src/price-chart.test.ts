import { describe, expect, it } from 'vitest';
import { layoutPriceChart } from './price-chart.js';

describe('a price chart drawn on the server', () => {
  const day = 86_400_000;
  const start = Date.UTC(2026, 10, 1);

  it('puts TWD on round ticks that contain every price, and four dates under it', () => {
    const chart = layoutPriceChart([{ at: start, twd: 2_950_000 }, { at: start + 3 * day, twd: 3_120_000 }, { at: start + 7 * day, twd: 3_050_000 }]);
    expect(chart.yTicks.map((tick) => tick.label)).toEqual(['NT$2,950,000', 'NT$3,000,000', 'NT$3,050,000', 'NT$3,100,000', 'NT$3,150,000']);
    expect(chart.xTicks.map((tick) => tick.label)).toEqual(['11/1', '11/3', '11/6', '11/8']);
    expect(chart.path.startsWith('M104.0 ')).toBe(true);
    expect(chart.direction).toBe('up');
  });

  it('draws nothing from fewer than two points', () => {
    expect(layoutPriceChart([{ at: start, twd: 1 }]).path).toBe('');
  });
});
