import { describe, expect, it } from 'vitest';
import { isPlainMarkup } from './plain-markup';

describe('isPlainMarkup', () => {
  it('accepts closed, script-free markup', () => {
    for (const markup of [
      '<a href="https://ads.example/x" rel="sponsored"><img src="https://ads.example/b.png" alt="廣告" width="728" height="90"></a>',
      '<div class="banner" data-size="728x90">贊助內容<br/><span title="a > b">說明</span></div>',
      '<iframe src="https://ads.example/frame" width="300" height="250"></iframe><!-- 廣告 -->',
      '純文字廣告',
    ]) expect(isPlainMarkup(markup), markup).toBe(true);
  });

  it('refuses scripts, code-holding elements, handlers and javascript: URLs', () => {
    for (const markup of [
      '<div>x</div><script>alert(1)</script>',
      '<SCRIPT src="https://ads.example/a.js"></SCRIPT>',
      '<style>.a{}</style><div class="a">x</div>',
      '<img src="x" onerror="alert(1)">',
      '<a href="javascript:alert(1)">x</a>',
      '<svg><script>alert(1)</script></svg>',
    ]) expect(isPlainMarkup(markup), markup).toBe(false);
  });

  it('refuses frames with a document of their own and elements that act on the whole page', () => {
    for (const markup of [
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      "<iframe SRCDOC='&lt;script&gt;alert(1)&lt;/script&gt;' width=\"300\"></iframe>",
      '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
      '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      '<base href="https://evil.example/">',
      '<link rel="stylesheet" href="https://evil.example/x.css">',
      '<form action="https://evil.example"><button>領獎</button></form>',
      '<frameset><frame src="https://evil.example"></frameset>',
    ]) expect(isPlainMarkup(markup), markup).toBe(false);
  });

  it('refuses markup that is not closed, which could swallow the rest of the page', () => {
    for (const markup of ['<div>x', '<div><span>x</div></span>', '<a href="x>y', 'a < b', '<!-- open', '</div>']) expect(isPlainMarkup(markup), markup).toBe(false);
  });

  it('has nothing to write for empty markup', () => {
    for (const markup of ['', '   ', null, undefined]) expect(isPlainMarkup(markup)).toBe(false);
  });
});
