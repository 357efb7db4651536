/**
 * `sizes` of the images that can be a page's largest paint. The gateway preloads those images
 * with the same srcset and sizes as the page's <img>, so the two must come from one place.
 */
export const IMAGE_SIZES = {
  carousel: '(min-width: 1200px) 1168px, 100vw',
  articleCover: '(min-width: 1024px) 780px, 100vw',
  pathCover: '(min-width: 1200px) 1168px, 100vw',
} as const;
