import { describe, expect, it } from 'vitest';
import { pageFromParam } from './page-param';

describe('pageFromParam', () => {
  it('reads a positive page number', () => {
    expect(pageFromParam('3')).toBe(3);
  });
  it('falls back to 1 for missing, zero, negative or junk values', () => {
    for (const value of [null, '', '0', '-2', 'abc', '1.5', '9999999']) expect(pageFromParam(value)).toBe(1);
  });
});
