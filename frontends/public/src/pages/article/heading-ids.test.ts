import { describe, expect, it } from 'vitest';
import { ensureHeadingIds, tocIndent } from './heading-ids';

describe('ensureHeadingIds', () => {
  it('keeps ids that are present', () => {
    expect(ensureHeadingIds('<h2 id="intro">A</h2>', [{ id: 'x' }])).toBe('<h2 id="intro">A</h2>');
  });
  it('takes missing ids from the toc, else heading-n', () => {
    const html = '<h1>A</h1><p>x</p><h2 class="c">B</h2><h3>C</h3>';
    expect(ensureHeadingIds(html, [{ id: 'a' }, { id: 'b' }])).toBe('<h1 id="a">A</h1><p>x</p><h2 id="b" class="c">B</h2><h3 id="heading-3">C</h3>');
  });
  it('does not touch header or hr elements', () => {
    expect(ensureHeadingIds('<header><hr></header>', [])).toBe('<header><hr></header>');
  });
});

describe('tocIndent', () => {
  it('indents by heading level, clamped to 1..6', () => {
    expect([1, 2, 3, 6, 9, 0].map(tocIndent)).toEqual([0, 1, 2, 5, 5, 0]);
  });
});
