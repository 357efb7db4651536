import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { island, islandRegistry } from './island';
import { islandScope } from './island-markup';

function Count({ n, label }: { n: number; label: string }) {
  return <button type="button">{`${label} ${n}`}</button>;
}

describe('island', () => {
  it('renders the component inside its wrapper, with its name and its props as JSON for the browser', () => {
    const CountIsland = island('public:count', Count, 'interaction');
    const html = renderToString(<CountIsland n={3} label={'"a" & <b>'} />);
    const wrapper = /^<coinmag-island data-island="public:count" data-island-props="([^"]*)" data-island-hydrate="interaction">(.*)<\/coinmag-island>$/.exec(html);
    expect(wrapper).not.toBeNull();
    const props = JSON.parse(wrapper![1]!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
    expect(props).toEqual({ n: 3, label: '"a" & <b>' });
    expect(wrapper![2]).toBe(renderToString(<Count n={3} label={'"a" & <b>'} />));
  });

  it('hydrates at load unless told otherwise, and may decide from its props', () => {
    expect(renderToString(island('shell:x', Count)({ n: 1, label: 'x' }))).not.toContain('data-island-hydrate');
    const Either = island('shell:y', Count, ({ n }) => (n > 1 ? 'interaction' : 'load'));
    expect(renderToString(<Either n={2} label="y" />)).toContain('data-island-hydrate="interaction"');
    expect(renderToString(<Either n={1} label="y" />)).not.toContain('data-island-hydrate');
  });

  it('registers islands by name, each under the scope that provides it', () => {
    const registry = islandRegistry([island('public:count', Count)]);
    expect(registry['public:count']).toBe(Count);
    expect(islandScope('public:count')).toBe('public');
    expect(islandScope('nameless')).toBe('');
  });
});
