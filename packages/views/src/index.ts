// View counting, one module for every process that counts (docs/adr/0014): admission, the article
// lookup, the tally, the Redis scripts and the hand-over to Postgres, behind `Views.count(beacon)`.
export * from './keys.js';
export * from './view-source.js';
export * from './view-buckets.js';
export * from './beacon-script.js';
export * from './view-store.js';
export * from './redis-view-store.js';
export * from './memory-view-store.js';
export * from './view-admission.js';
export * from './view-articles.js';
export * from './view-tally.js';
export * from './views.js';
export * from './views.repository.js';
export * from './view-counter.js';
export * from './step-by-step.js';
export * from './popular-ranking.js';
export * from './view-flusher.js';
export * from './content-views.js';
export * from './gateway-views.js';
