import { describe, expect, it } from 'vitest';
import { prepareArticleContent, sanitizeArticleHtml, stripLocalHost, withHeadingIds } from './article-html.js';

describe('withHeadingIds', () => {
  it('gives headings without an id heading-{n} and builds the toc with levels', () => {
    const { html, toc } = withHeadingIds('<h2>什麼是比特幣</h2><p>x</p><h3 id="wallet">錢包</h3>');
    expect(html).toBe('<h2 id="heading-1">什麼是比特幣</h2><p>x</p><h3 id="wallet">錢包</h3>');
    expect(toc).toEqual([
      { id: 'heading-1', text: '什麼是比特幣', level: 2 },
      { id: 'wallet', text: '錢包', level: 3 },
    ]);
  });
  it('replaces duplicate or unsafe ids so every id is unique', () => {
    const { toc } = withHeadingIds('<h2 id="a">一</h2><h2 id="a">二</h2><h2 id="x y">三</h2>');
    expect(toc.map((entry) => entry.id)).toEqual(['a', 'heading-2', 'heading-3']);
  });
  it('uses the heading text without markup', () => {
    expect(withHeadingIds('<h1><strong>粗體</strong> 標題</h1>').toc[0]?.text).toBe('粗體 標題');
  });
});

describe('sanitizeArticleHtml', () => {
  it('keeps the elements the editor produces', () => {
    const html = '<h2 id="a">標題</h2><p><strong>粗</strong><em>斜</em></p><ul><li>一</li></ul><blockquote>引</blockquote><pre><code class="language-js">x</code></pre>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });
  it('drops scripts, event handlers, styles and javascript: links', () => {
    const out = sanitizeArticleHtml('<p onclick="x()" style="color:red">a<script>alert(1)</script></p><a href="javascript:alert(1)">b</a><a href=" JaVaScRiPt:alert(1)">c</a>');
    expect(out).toBe('<p>a</p><a>b</a><a>c</a>');
  });
  it('allows only http, https, mailto and tel links and http, https and data images', () => {
    const out = sanitizeArticleHtml('<a href="ftp://x">f</a><a href="mailto:a@b.c">m</a><a href="tel:+886">t</a><img src="https://x/a.png" alt="a"><img src="ftp://x/b.png">');
    expect(out).toBe('<a>f</a><a href="mailto:a@b.c">m</a><a href="tel:+886">t</a><img src="https://x/a.png" alt="a" />');
  });
  it('refuses data images that are not raster images', () => {
    expect(sanitizeArticleHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(sanitizeArticleHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" />');
  });
  it('turns local host addresses into site paths', () => {
    expect(sanitizeArticleHtml('<img src="http://localhost:3000/uploads/a.jpg"><a href="http://127.0.0.1:8080/article/x">x</a>'))
      .toBe('<img src="/uploads/a.jpg" /><a href="/article/x">x</a>');
  });
  it('adds noopener to links that open a new tab', () => {
    expect(sanitizeArticleHtml('<a href="https://x.com" target="_blank">x</a>')).toBe('<a href="https://x.com" target="_blank" rel="noopener noreferrer">x</a>');
  });
});

describe('stripLocalHost', () => {
  it('leaves other hosts alone', () => {
    expect(stripLocalHost('https://example.com/a')).toBe('https://example.com/a');
    expect(stripLocalHost('http://0.0.0.0:9000')).toBe('/');
  });
});

describe('prepareArticleContent', () => {
  it('returns safe html, plain text and toc together', () => {
    const prepared = prepareArticleContent('<h2>入門</h2><p>比特幣&amp;以太坊</p><script>x</script>');
    expect(prepared.html).toBe('<h2 id="heading-1">入門</h2><p>比特幣&amp;以太坊</p>');
    expect(prepared.text).toBe('入門 比特幣&以太坊');
    expect(prepared.toc).toHaveLength(1);
  });
});
