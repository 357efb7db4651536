// The audit log each service keeps in its own schema (docs/product.md): the table, the repository, the retention job.
export * from './audit-table.js';
export * from './audit.repository.js';
export * from './audit-retention.js';
