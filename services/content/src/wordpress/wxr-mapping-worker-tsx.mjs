// The worker from TypeScript sources (tests, the import command): a worker thread does not
// inherit the parent's loaders, so tsx is registered here before the worker module is imported.
// Production runs the bundled dist/wxr-mapping-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./wxr-mapping-worker.ts');
