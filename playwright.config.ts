// https://playwright.dev/docs/test-configuration
// End-to-end tests: Debian's Chromium (Playwright cannot download browsers here) against the
// built site in dist/client, served by the same preview server `npm start` uses, with the local
// Supabase stand-in behind the forms and the admin page (tests/e2e/global-setup.ts).
import { defineConfig } from '@playwright/test'

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--disable-component-update', '--no-first-run']

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['dot'], ['html', { open: 'never', outputFolder: 'reports/playwright' }]] : [['list'], ['html', { open: 'never', outputFolder: 'reports/playwright' }]],
  outputDir: 'reports/playwright-results',
  use: {
    // Set by the global setup: the preview server on a free port.
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
})
