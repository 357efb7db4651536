/**
 * Values an attacker puts in every parameter and field: characters Postgres or Unicode refuse,
 * control characters, over-long text, and numbers and types no field expects. A service must
 * answer each with a 4xx (or accept it), never a 500.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\ude00\ud83d',
  '\u0001\u0002\u0003',
  '\u001b[2J',
  '\u007f',
  '\uffff',
  '\u202e\u200b',
  '%00',
  '%',
  "'; drop table articles; --",
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '١٢',
  '9'.repeat(400),
  '比'.repeat(5000),
  'x'.repeat(70_000),
];

/** Shorter set for URLs (a query over Node's header limit is the HTTP layer's 431, tested once). */
export const HOSTILE_URL_STRINGS: readonly string[] = HOSTILE_STRINGS.filter((value) => value.length <= 6000);

/** Wrong JSON types for a field: every one a 400 where a string, number or boolean is expected. */
export const HOSTILE_JSON_VALUES: readonly unknown[] = [
  ...HOSTILE_STRINGS,
  null,
  true,
  -1,
  1.5,
  1e308,
  [],
  ['a'],
  {},
  { $gt: '' },
  JSON.parse('{"__proto__": {"admin": true}}'),
];

/** Encodes a value for a query string or path the way a hostile client would (lone surrogates as raw UTF-8 bytes). */
export function encodeHostile(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // encodeURIComponent refuses lone surrogates; send the bytes a lax encoder would (CESU-8 style).
    return Array.from(value, (ch) => {
      const code = ch.charCodeAt(0);
      if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(ch);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }).join('');
  }
}
