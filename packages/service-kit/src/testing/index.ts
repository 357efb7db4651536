export * from './test-database.js';
export * from './admin-tokens.js';
