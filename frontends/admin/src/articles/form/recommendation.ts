/** The recommendation type is one choice over two flags (docs/product.md §4): choosing one clears the other. */
export type Recommendation = 'none' | 'featured' | 'popular';

export const RECOMMENDATION_LABELS: Record<Recommendation, string> = { none: '無', featured: '精選', popular: '熱門' };

export function recommendationFromFlags(flags: { is_featured: boolean; is_popular: boolean }): Recommendation {
  if (flags.is_featured) return 'featured';
  if (flags.is_popular) return 'popular';
  return 'none';
}

export function flagsFromRecommendation(recommendation: Recommendation): { is_featured: boolean; is_popular: boolean } {
  return { is_featured: recommendation === 'featured', is_popular: recommendation === 'popular' };
}

export const CAROUSEL_ORDER_MIN = 1;
export const CAROUSEL_ORDER_MAX = 10;

/** The carousel order kept within 1..10; anything unreadable becomes 1. */
export function clampCarouselOrder(value: number | string): number {
  const number = typeof value === 'number' ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(number)) return CAROUSEL_ORDER_MIN;
  return Math.min(CAROUSEL_ORDER_MAX, Math.max(CAROUSEL_ORDER_MIN, Math.round(number)));
}
