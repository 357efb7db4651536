import { describe, expect, it } from 'vitest';
import { cardExcerpt, decodeEntities, stripTags, truncate } from './text.js';

describe('text helpers', () => {
  it('strips markup, scripts and styles and collapses whitespace', () => {
    expect(stripTags('<p>比特幣<br>價格</p><script>alert(1)</script><style>p{}</style>  上漲')).toBe('比特幣 價格 上漲');
  });
  it('decodes named and numeric entities', () => {
    expect(decodeEntities('a&amp;b &lt;c&gt; &#27604;&#x7279; &nbsp;')).toBe('a&b <c> 比特  ');
  });
  it('truncates by characters and adds an ellipsis only when cut', () => {
    expect(truncate('比特幣很好', 3)).toBe('比特幣...');
    expect(truncate('比特幣', 3)).toBe('比特幣');
  });
  it('never splits a surrogate pair', () => {
    expect(truncate('🚀🚀🚀', 2)).toBe('🚀🚀...');
  });
  it('uses the excerpt first, else the content without markup', () => {
    expect(cardExcerpt('摘要', '<p>內文</p>', 200)).toBe('摘要');
    expect(cardExcerpt('  ', '<p>內文</p>', 200)).toBe('內文');
    expect(cardExcerpt(null, `<p>${'字'.repeat(250)}</p>`, 200)).toBe('字'.repeat(200) + '...');
  });
});
