import { describe, expect, it } from 'vitest';
import { normalizeSlug, slugFromTitle } from './slug.js';

describe('normalizeSlug', () => {
  it('turns spaces and symbols into single hyphens and lower-cases', () => {
    expect(normalizeSlug('  Bitcoin  ETF: What?! ')).toBe('bitcoin-etf-what');
  });
  it('keeps Chinese characters and digits', () => {
    expect(normalizeSlug('比特幣 2024 入門！')).toBe('比特幣-2024-入門');
  });
  it('collapses repeated hyphens and trims them at both ends', () => {
    expect(normalizeSlug('--a---b--')).toBe('a-b');
  });
  it('returns empty for input with nothing usable', () => {
    expect(normalizeSlug(' !!! ')).toBe('');
  });
  it('drops path and script characters', () => {
    expect(normalizeSlug('../<script>x')).toBe('script-x');
  });
});

describe('slugFromTitle', () => {
  it('bounds the length without leaving a trailing hyphen', () => {
    const slug = slugFromTitle('字'.repeat(119) + ' abc');
    expect(Array.from(slug).length).toBeLessThanOrEqual(120);
    expect(slug.endsWith('-')).toBe(false);
  });
});
