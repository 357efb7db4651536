import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LineChart, niceMax } from './LineChart';
import { Sparkline } from './Sparkline';

describe('LineChart', () => {
  const points = [
    { label: '2026年11月26日（四） 23:00', tick: '23:00', value: 12 },
    { label: '2026年11月27日（五） 00:00', tick: '11/27', value: 0 },
    { label: '2026年11月27日（五） 01:00', tick: '01:00', value: 1234 },
  ];

  it('names the chart with its total and keeps the axis as real text in zh-TW grouping', () => {
    const html = renderToStaticMarkup(<LineChart title="全站最近 24 小時的瀏覽數" points={points} unit="次" />);
    expect(html).toContain('全站最近 24 小時的瀏覽數（共 1,246 次，以方向鍵逐點查看）');
    expect(html).toContain('>2,000</text>');
    expect(html).toContain('>11/27</text>');
    expect(html).toContain('tabindex="0"');
  });

  it('marks the publication at its point', () => {
    const html = renderToStaticMarkup(<LineChart title="t" points={points} unit="次" mark={{ index: 1, label: '發布時間：2026年11月27日 00:20' }} />);
    expect(html).toContain('data-mark="published"');
    expect(html).toContain('>發布</text>');
    expect(html).toContain('發布時間：2026年11月27日 00:20');
  });

  it('ticks only the major points when a few are (a week\'s midnights)', () => {
    const week = Array.from({ length: 48 }, (_, i) => ({ label: `h${i}`, tick: i % 24 === 0 ? `11/${20 + i / 24}` : `${i % 24}:00`, value: i, major: i % 24 === 0 }));
    const html = renderToStaticMarkup(<LineChart title="t" points={week} unit="次" />);
    expect(html).toContain('>11/20</text>');
    expect(html).toContain('>11/21</text>');
    expect(html).not.toContain('>8:00</text>');
  });

  it('rounds the axis top to 1, 2 or 5 times a power of ten', () => {
    expect([0, 7, 12, 1234, 5000, 5001].map(niceMax)).toEqual([1, 10, 20, 2000, 5000, 10000]);
  });

  it('draws nothing without points', () => {
    expect(renderToStaticMarkup(<LineChart title="空" points={[]} unit="次" />)).toBe('');
  });
});

describe('Sparkline', () => {
  it('names its peak for screen readers and hover', () => {
    const html = renderToStaticMarkup(<Sparkline title="什麼是比特幣" values={[1, 9, 3]} labels={['11/25', '11/26', '11/27']} unit="次" />);
    expect(html).toContain('aria-label="什麼是比特幣的瀏覽趨勢：最高 11/26 9 次"');
    expect(html).toContain('<polyline');
  });
});
