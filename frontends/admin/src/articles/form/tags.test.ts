import { describe, expect, it } from 'vitest';
import { addTag, cleanTags, removeTag } from './tags';

describe('tag entry', () => {
  it('adds a trimmed tag on Enter', () => {
    expect(addTag(['比特幣'], '  以太坊 ')).toEqual({ ok: true, tags: ['比特幣', '以太坊'] });
  });
  it('refuses an empty or blank tag with 標籤不能為空', () => {
    expect(addTag([], '')).toEqual({ ok: false, error: '標籤不能為空' });
    expect(addTag(['a'], '   ')).toEqual({ ok: false, error: '標籤不能為空' });
  });
  it('refuses a duplicate, ignoring case and spaces, with 標籤已存在', () => {
    expect(addTag(['Bitcoin'], ' bitcoin ')).toEqual({ ok: false, error: '標籤已存在' });
    expect(addTag(['BTC'], 'ｂｔｃ')).toEqual({ ok: false, error: '標籤已存在' });
  });
  it('removes one tag', () => {
    expect(removeTag(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
  it('trims and drops empties before saving', () => {
    expect(cleanTags([' a ', '', '  ', 'b'])).toEqual(['a', 'b']);
  });
});
