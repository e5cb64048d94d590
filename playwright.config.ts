// https://playwright.dev/docs/test-configuration
// End-to-end tests: Debian's Chromium (Playwright cannot download browsers here) against the
// built site in dist/client, served by the same preview server `npm start` uses, with the local
// Supabase stand-in behind the forms and the admin page (tests/e2e/global-setup.ts), both on free
// ports. Specs whose pages talk to the backend import `test`/`expect` from tests/e2e/fixtures.ts.
import { defineConfig } from '@playwright/test'

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--disable-component-update', '--no-first-run']

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // Playwright's default is half the cores: one worker on a 2-core machine. E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS) || 2,
  forbidOnly: Boolean(process.env.CI),
  // Traces on failure without paying for a trace of every passing test (recording one costs about
  // a third of a second of CPU per test, a minute of `npm test`): a failed test runs once more
  // with the trace on, and the run fails even when that retry passes (a flaky test is a failure).
  retries: 1,
  failOnFlakyTests: true,
  // Budgets, never outcomes: every wait in the specs is on an event (a web-first assertion,
  // expect.poll, a download), and these limits only make a hang fail. They are sized for a loaded
  // 2-core machine (npm test beside other work, where a step takes several times as long as when
  // idle): a passing test never waits for them. A spec that needs more takes a multiple of the
  // test's budget (test.setTimeout(test.info().timeout * n)), never a number of its own.
  timeout: 90_000,
  // Screenshot baselines (tests/e2e/screenshots.spec.ts) in one folder whose paths name no OS or
  // project: the suite is Linux-only, drawn by Debian's Chromium.
  expect: { timeout: 15_000, toHaveScreenshot: { pathTemplate: '{testDir}/__screenshots__/{arg}{ext}' } },
  // Concise: failures and a summary, not one line per test (the line reporter prints every test
  // when its output is not a terminal, so pipes and CI get dots). The HTML report (with the traces of
  // failed tests) is in reports/playwright: `npx playwright show-report reports/playwright`.
  reporter: [[process.env.CI || !process.stdout.isTTY ? 'dot' : 'line'], ['html', { open: 'never', outputFolder: 'reports/playwright' }]],
  outputDir: 'reports/playwright-results',
  use: {
    // Set by the global setup: the preview server on a free port. Workers load this file after
    // the global setup has run, so they see it.
    baseURL: process.env.E2E_BASE_URL,
    trace: 'on-first-retry',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
})
