import { describe, expect, it } from 'vitest';
import { clampCarouselOrder, flagsFromRecommendation, recommendationFromFlags } from './recommendation';

describe('recommendation type', () => {
  it('maps each choice to exactly one flag', () => {
    expect(flagsFromRecommendation('none')).toEqual({ is_featured: false, is_popular: false });
    expect(flagsFromRecommendation('featured')).toEqual({ is_featured: true, is_popular: false });
    expect(flagsFromRecommendation('popular')).toEqual({ is_featured: false, is_popular: true });
  });
  it('choosing popular after featured clears featured', () => {
    const featured = flagsFromRecommendation('featured');
    const popular = flagsFromRecommendation(recommendationFromFlags({ ...featured, is_featured: false, is_popular: true }));
    expect(popular.is_featured).toBe(false);
  });
  it('reads stored flags, featured winning over a stray popular', () => {
    expect(recommendationFromFlags({ is_featured: false, is_popular: false })).toBe('none');
    expect(recommendationFromFlags({ is_featured: false, is_popular: true })).toBe('popular');
    expect(recommendationFromFlags({ is_featured: true, is_popular: true })).toBe('featured');
  });
  it('keeps the carousel order within 1 to 10', () => {
    expect(clampCarouselOrder(0)).toBe(1);
    expect(clampCarouselOrder(11)).toBe(10);
    expect(clampCarouselOrder('7')).toBe(7);
    expect(clampCarouselOrder('x')).toBe(1);
    expect(clampCarouselOrder(3.6)).toBe(4);
  });
});
