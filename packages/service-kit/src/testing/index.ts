export * from './test-database.js';
export * from './admin-tokens.js';
export * from './free-port.js';
export * from './app-harness.js';
export * from './hostile-values.js';
export * from './hostile-probes.js';
