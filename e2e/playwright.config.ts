import { defineConfig } from '@playwright/test';
import { E2E_GATEWAY_PORT } from './support/ports';

/** Debian's Chromium (apt-get install chromium); never a downloaded browser build. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const BROWSER = { browserName: 'chromium' as const, viewport: { width: 1280, height: 900 } };
const PASSWORD_JOURNEYS = ['admin-session-revoked.spec.ts', 'admin-password-change.spec.ts'];
/**
 * Journeys that save the site settings (one record, with a version): run one at a time, or a
 * save of one meets the conflict check because another journey saved in between.
 */
/** Adds articles and categories other journeys would count: runs after all of them. */
const IMPORT_JOURNEY = 'admin-wordpress-import.spec.ts';
const SETTINGS_JOURNEYS = ['admin-settings.spec.ts', 'admin-credential.spec.ts', 'public-ads.spec.ts', 'admin-edit-conflict-categories-settings.spec.ts'];

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
    { name: 'chromium', testIgnore: [...PASSWORD_JOURNEYS, ...SETTINGS_JOURNEYS, IMPORT_JOURNEY], use: BROWSER },
    // After the others too: their ad code would run on the public pages other journeys check.
    { name: 'settings', testMatch: SETTINGS_JOURNEYS, workers: 1, dependencies: ['chromium'], use: BROWSER },
    // Journeys that change the admin password run after all others (and one after the other),
    // so no other journey's sign-in meets a changed password.
    { name: 'session-revoked', testMatch: 'admin-session-revoked.spec.ts', dependencies: ['settings'], use: BROWSER },
    { name: 'password-change', testMatch: 'admin-password-change.spec.ts', dependencies: ['session-revoked'], use: BROWSER },
    { name: 'import', testMatch: IMPORT_JOURNEY, dependencies: ['password-change'], use: BROWSER },
  ],
});
