import { describe, expect, it } from 'vitest';
import { stripContentHosts } from './content-hosts';

describe('content host stripping', () => {
  it('turns localhost addresses of any port into site paths', () => {
    const html = '<p><img src="http://localhost:3000/uploads/a.jpg"><a href="http://127.0.0.1:8080/article/x?y=1">x</a></p>';
    expect(stripContentHosts(html)).toBe('<p><img src="/uploads/a.jpg"><a href="/article/x?y=1">x</a></p>');
  });
  it('strips the old hosts and the current site host', () => {
    expect(stripContentHosts('<a href="https://www.coinmag.tw/category/btc">b</a>')).toBe('<a href="/category/btc">b</a>');
    expect(stripContentHosts('<img src="https://mag.example:8443/uploads/b.png">', ['mag.example'])).toBe('<img src="/uploads/b.png">');
  });
  it('makes a bare host the site root', () => {
    expect(stripContentHosts("<a href='http://localhost:5173'>home</a>")).toBe("<a href='/'>home</a>");
  });
  it('leaves other hosts, look-alike hosts and plain text alone', () => {
    const html = '<a href="https://example.com/a">localhost:3000/x</a><a href="https://localhost.evil.com/a">e</a>';
    expect(stripContentHosts(html)).toBe(html);
  });
});
