export * from './nonce.js';
export * from './policy.js';
export * from './middleware.js';
export * from './report.js';
