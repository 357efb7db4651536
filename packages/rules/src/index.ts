export * from './slug.js';
export * from './text.js';
export * from './pager.js';
export * from './dates.js';
export * from './page-meta.js';
export * from './image-sizes.js';
export * from './admin-page.js';
export * from './page-route.js';
