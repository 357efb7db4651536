import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BarChart } from './BarChart';

describe('BarChart', () => {
  const html = renderToStaticMarkup(
    <BarChart title="熱門搜尋字詞的搜尋次數" unit="次" bars={[{ label: '比特幣', value: 1234 }, { label: '一個非常非常長的搜尋字詞超過十個字', value: 617 }]} />,
  );

  it('writes every number at its bar, in zh-TW grouping, and names the chart', () => {
    expect(html).toContain('<title id=');
    expect(html).toContain('熱門搜尋字詞的搜尋次數');
    expect(html).toContain('>1,234</text>');
    expect(html).toContain('>617</text>');
  });

  it('scales bars to the largest and keeps the whole label for hover and tap', () => {
    const widths = [...html.matchAll(/<rect[^>]*width="(\d+)"/g)].map((m) => Number(m[1]));
    expect(widths[0]).toBe(380);
    expect(widths[1]).toBe(190);
    expect(html).toContain('aria-label="一個非常非常長的搜尋字詞超過十個字：617 次"');
    expect(html).toContain('>一個非常非常長的搜…</text>');
  });

  it('draws nothing without bars', () => {
    expect(renderToStaticMarkup(<BarChart title="空" unit="次" bars={[]} />)).toBe('');
  });
});
