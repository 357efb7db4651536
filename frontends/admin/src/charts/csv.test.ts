import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes a byte-order mark, the header and CRLF rows', () => {
    expect(toCsv(['搜尋字詞', '次數'], [['比特幣', 12], ['以太坊', 3]])).toBe('\uFEFF搜尋字詞,次數\r\n比特幣,12\r\n以太坊,3\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv(['a'], [['x,y'], ['say "hi"'], ['two\nlines']])).toBe('\uFEFFa\r\n"x,y"\r\n"say ""hi"""\r\n"two\nlines"\r\n');
  });

  it('never lets a spreadsheet run a cell as a formula', () => {
    expect(toCsv(['a'], [['=HYPERLINK("x")'], ['-1+2'], ['@sum']])).toBe('\uFEFFa\r\n"\'=HYPERLINK(""x"")"\r\n\'-1+2\r\n\'@sum\r\n');
  });

  it('keeps negative numbers as numbers', () => {
    expect(toCsv(['n'], [[-3]])).toBe('\uFEFFn\r\n-3\r\n');
  });
});
