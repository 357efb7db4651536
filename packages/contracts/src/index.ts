export * from './category.js';
export * from './article.js';
export * from './settings.js';
export * from './admin.js';
export * from './messages.js';
export * from './media-urls.js';
export * from './revision.js';
export * from './audit.js';
