import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors.js';
import { assertSafeJson, assertSafeText, hasUnsafeText, MAX_JSON_DEPTH, stripUnsafeText } from './text-guard.js';

describe('hasUnsafeText', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a C0 control', 'a\u0001'],
    ['escape', '\u001b[31m'],
    ['DEL', 'x\u007f'],
    ['a lone high surrogate', 'a\ud800'],
    ['a lone low surrogate', '\udc00b'],
    ['a reversed pair', '\ude00\ud83d'],
    ['a non-character', '\uffff'],
  ])('refuses %s', (_name, value) => {
    expect(hasUnsafeText(value)).toBe(true);
  });

  it.each([
    ['Chinese', '比特幣入門'],
    ['tab, line feed and carriage return', 'a\tb\r\nc'],
    ['an emoji (a surrogate pair)', '火箭 🚀'],
    ['HTML and script text', '<script async src="https://x/ad.js"></script>'],
    ['empty', ''],
  ])('accepts %s', (_name, value) => {
    expect(hasUnsafeText(value)).toBe(false);
  });
});

describe('assertSafeText / assertSafeJson', () => {
  it('names the field in a 400', () => {
    try {
      assertSafeText('search', '\u0000');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).status).toBe(400);
      expect((err as ValidationError).field).toBe('search');
      expect((err as ValidationError).message).toMatch(/^search 含有不允許的字元/);
    }
  });

  it('walks nested values and keys', () => {
    expect(() => assertSafeJson({ a: [{ b: 'ok' }, 'fine'] })).not.toThrow();
    expect(() => assertSafeJson({ a: [{ b: 'x\u0000' }] })).toThrow(expect.objectContaining({ field: 'a.0.b' }));
    expect(() => assertSafeJson({ ['k\u0000']: 1 })).toThrow(ValidationError);
  });

  it('refuses deep nesting without overflowing the stack', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    expect(() => assertSafeJson(deep)).toThrow(expect.objectContaining({ status: 400 }));
    let ok: unknown = 'x';
    for (let i = 0; i < MAX_JSON_DEPTH - 1; i += 1) ok = [ok];
    expect(() => assertSafeJson(ok)).not.toThrow();
  });
});

describe('stripUnsafeText', () => {
  it('drops controls and NUL, replaces lone surrogates, keeps the rest', () => {
    expect(stripUnsafeText('<a href="java\u0000script:x">比\u0001特\ud800幣 🚀\t\n</a>')).toBe('<a href="javascript:x">比特\ufffd幣 🚀\t\n</a>');
    expect(hasUnsafeText(stripUnsafeText('\u0000\ud800\udfff\u007f\uffff'))).toBe(false);
  });
});
