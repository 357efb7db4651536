export * from './audit-table.js';
export * from './audit.repository.js';
export * from './audit-retention.js';
