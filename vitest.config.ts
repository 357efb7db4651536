import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'services/*/src/**/*.test.ts',
      'services/*/test/**/*.test.ts',
      'gateway/src/**/*.test.ts',
      'gateway/test/**/*.test.ts',
      'frontends/*/src/**/*.test.{ts,tsx}',
      'test/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**', '**/*.timing.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
