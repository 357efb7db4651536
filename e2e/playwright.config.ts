import { defineConfig } from '@playwright/test';
import { E2E_GATEWAY_PORT } from './support/ports';

/** Debian's Chromium (apt-get install chromium); never a downloaded browser build. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const BROWSER = { browserName: 'chromium' as const, viewport: { width: 1280, height: 900 } };
const PASSWORD_JOURNEYS = ['admin-session-revoked.spec.ts', 'admin-password-change.spec.ts'];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_GATEWAY_PORT}`,
    locale: 'zh-TW',
    timezoneId: 'Asia/Taipei',
    trace: 'off',
    screenshot: 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: PASSWORD_JOURNEYS, use: BROWSER },
    // Journeys that change the admin password run after all others (and one after the other),
    // so no other journey's sign-in meets a changed password.
    { name: 'session-revoked', testMatch: 'admin-session-revoked.spec.ts', dependencies: ['chromium'], use: BROWSER },
    { name: 'password-change', testMatch: 'admin-password-change.spec.ts', dependencies: ['session-revoked'], use: BROWSER },
  ],
});
