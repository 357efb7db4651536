// The worker from TypeScript sources (tests, `npm start`): a worker thread does not inherit
// the parent's loaders, so tsx is registered here before the worker module is imported.
// Production runs the bundled dist/article-body-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./article-body-worker.ts');
