import { describe, expect, it } from 'vitest';
import { GlossaryMatcher, spellingKey, type LinkableTerm } from './glossary-matcher.js';

const term = (slug: string, name: string, aliases: string[] = [], definition = `${name}的定義`): LinkableTerm => ({ slug, name, definition, spellings: [name, ...aliases] });

const matcher = new GlossaryMatcher([
  term('ethereum', '以太坊', ['Ethereum', 'ETH']),
  term('ethereum-classic', '以太坊經典', ['ETC']),
  term('cold-wallet', '冷錢包', ['cold wallet', '硬體錢包', '冷钱包']),
  term('defi', 'DeFi', ['去中心化金融'], '去中心化金融 <不經銀行> & "中介"'),
]);

const linkedSlugs = (html: string, max = 10) => matcher.link(html, max).linked.map((entry) => entry.slug);

describe('GlossaryMatcher.link', () => {
  it('links the longest spelling at a position in Chinese text without spaces', () => {
    const { html, linked } = matcher.link('<p>我買了以太坊經典和以太坊</p>', 10);
    expect(linked.map((entry) => entry.matched)).toEqual(['以太坊經典', '以太坊']);
    expect(html).toContain('<a class="gl-term" href="/glossary/ethereum-classic" aria-describedby="gl-tip-1">以太坊經典</a>');
    expect(html).toContain('<a class="gl-term" href="/glossary/ethereum" aria-describedby="gl-tip-2">以太坊</a>');
  });

  it('links only the first occurrence of a term, whichever spelling it uses', () => {
    const { html, linked } = matcher.link('<p>冷錢包很安全。</p><p>硬體錢包也是冷錢包。</p>', 10);
    expect(linked).toEqual([{ slug: 'cold-wallet', name: '冷錢包', matched: '冷錢包' }]);
    expect(html.match(/gl-term/g)).toHaveLength(1);
  });

  it('treats full-width and half-width forms and letter case of Latin names as the same', () => {
    expect(matcher.link('<p>很多人持有ＥＴＨ</p>', 10).linked[0]).toMatchObject({ slug: 'ethereum', matched: 'ＥＴＨ' });
    expect(matcher.link('<p>store it in a Cold Wallet today</p>', 10).linked[0]).toMatchObject({ slug: 'cold-wallet', matched: 'Cold Wallet' });
    expect(linkedSlugs('<p>玩 defi 的人</p>')).toEqual(['defi']);
  });

  it('matches a Latin name only as a whole word, even beside Chinese', () => {
    expect(linkedSlugs('<p>ETHER is not ETH-like, TETH neither</p>')).toEqual(['ethereum']);
    expect(matcher.link('<p>ETHER 與 ETHUSD</p>', 10).linked).toEqual([]);
    expect(linkedSlugs('<p>買ETH很簡單</p>')).toEqual(['ethereum']);
  });

  it('links nothing inside headings, existing links or code, and links the next plain occurrence', () => {
    const html = '<h2 id="a">以太坊</h2><p><a href="/x">以太坊</a> <code>ETH</code></p><pre><code>以太坊</code></pre><p>以太坊是平台</p>';
    const out = matcher.link(html, 10);
    expect(out.linked).toHaveLength(1);
    expect(out.html.startsWith('<h2 id="a">以太坊</h2><p><a href="/x">以太坊</a> <code>ETH</code></p><pre><code>以太坊</code></pre><p><span class="gl">')).toBe(true);
  });

  it('stops at the number of links the admin sets', () => {
    expect(linkedSlugs('<p>以太坊、冷錢包、DeFi</p>', 2)).toEqual(['ethereum', 'cold-wallet']);
    expect(matcher.link('<p>以太坊</p>', 0)).toEqual({ html: '<p>以太坊</p>', linked: [] });
  });

  it('never matches inside a character entity or an attribute, and escapes the definition', () => {
    const terms = new GlossaryMatcher([term('amp', 'amp'), term('title', '標題字')]);
    expect(terms.link('<p>a &amp; b</p><img src="x" alt="標題字">', 10).linked).toEqual([]);
    const { html } = matcher.link('<p>DeFi</p>', 10);
    expect(html).toContain('<span class="gl-tip" role="tooltip" id="gl-tip-1">去中心化金融 &lt;不經銀行&gt; &amp; &quot;中介&quot;</span></span></p>');
  });

  it('links inside inline formatting, lists and tables', () => {
    expect(linkedSlugs('<ul><li><strong>冷錢包</strong></li></ul><table><tbody><tr><td>ETC</td></tr></tbody></table>')).toEqual(['cold-wallet', 'ethereum-classic']);
  });
});

describe('GlossaryMatcher.termsIn', () => {
  it('lists every term the body mentions where it could be linked, without limit', () => {
    expect(matcher.termsIn('<h2>DeFi</h2><p>以太坊、以太坊、冷錢包</p>').map((entry) => entry.slug)).toEqual(['ethereum', 'cold-wallet']);
  });
});

describe('spellingKey', () => {
  it('folds width, case and spaces', () => {
    expect(spellingKey('  Ｃold　 WALLET ')).toBe('cold wallet');
    expect(spellingKey('冷錢包')).toBe('冷錢包');
  });
});
