import { describe, expect, it } from 'vitest';
import { parseArticleInput, parsePublishedAt, parseTags } from './article-input.js';

const base = { title: '標題', content: '<p>內容</p>' };

describe('parseArticleInput', () => {
  it('requires a title and content with the spec wording', () => {
    expect(() => parseArticleInput({ ...base, title: '  ' })).toThrow('請輸入標題');
    expect(() => parseArticleInput({ ...base, content: ' ' })).toThrow('請輸入內容');
  });
  it('stores an unknown status as draft', () => {
    expect(parseArticleInput({ ...base, status: 'deleted' }).status).toBe('draft');
    expect(parseArticleInput({ ...base, status: 'scheduled' }).status).toBe('scheduled');
  });
  it('refuses featured and popular together', () => {
    expect(() => parseArticleInput({ ...base, is_featured: 'true', is_popular: 'true' })).toThrow('推薦類型只能選擇一種');
  });
  it('bounds the carousel order to 1..10 and drops it when not in the carousel', () => {
    expect(parseArticleInput({ ...base, is_carousel: 'true', carousel_order: '3' }).carousel_order).toBe(3);
    expect(parseArticleInput({ ...base, is_carousel: 'false', carousel_order: '3' }).carousel_order).toBeNull();
    expect(() => parseArticleInput({ ...base, is_carousel: 'true', carousel_order: '11' })).toThrow('輪播順序');
    expect(() => parseArticleInput({ ...base, is_carousel: 'true', carousel_order: '0' })).toThrow('輪播順序');
  });
  it('refuses flags that are not booleans and category ids that are not numbers', () => {
    expect(() => parseArticleInput({ ...base, is_featured: 'maybe' })).toThrow();
    expect(() => parseArticleInput({ ...base, category_id: '1; drop table' })).toThrow('分類格式不正確');
  });
});

describe('parseTags', () => {
  it('trims, drops empties and duplicates (ignoring case)', () => {
    expect(parseTags('[" 比特幣 ", "", "BTC", "btc", "比特幣"]')).toEqual(['比特幣', 'BTC']);
  });
  it('drops a full-width spelling of a tag already given, which would share its tag page', () => {
    expect(parseTags('["BTC", "ＢＴＣ", "ｂｔｃ", "Layer 2", "layer　2"]')).toEqual(['BTC', 'Layer 2']);
  });
  it('refuses text that is not a JSON array of strings', () => {
    expect(() => parseTags('比特幣')).toThrow('標籤格式不正確');
    expect(() => parseTags('[1,2]')).toThrow('標籤格式不正確');
  });
  it('bounds the number and length of tags', () => {
    expect(() => parseTags(JSON.stringify(Array.from({ length: 31 }, (_, i) => `t${i}`)))).toThrow('標籤最多 30 個');
    expect(() => parseTags(JSON.stringify(['字'.repeat(31)]))).toThrow('每個標籤最多 30 個字');
  });
});

describe('parsePublishedAt', () => {
  it('reads ISO with a zone as is and a datetime-local value as Taipei time', () => {
    expect(parsePublishedAt('2024-03-05T12:00:00Z')?.toISOString()).toBe('2024-03-05T12:00:00.000Z');
    expect(parsePublishedAt('2024-03-05T12:00')?.toISOString()).toBe('2024-03-05T04:00:00.000Z');
  });
  it('gives null for empty and refuses nonsense', () => {
    expect(parsePublishedAt('')).toBeNull();
    expect(() => parsePublishedAt('yesterday')).toThrow('發布時間格式不正確');
    expect(() => parsePublishedAt('2024-13-45T99:99')).toThrow('發布時間格式不正確');
  });
});
