import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// Tests that measure latency (`*.timing.test.ts`) run after the rest, one file at a time, so
// that what they measure is the service under attack, not the other test files beside it.
// (Not mergeConfig: it would add these lists to the base's, whose exclude names these files.)
export default defineConfig({
  test: {
    ...base.test,
    include: ['**/*.timing.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    fileParallelism: false,
  },
});
