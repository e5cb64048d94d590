// End-to-end tests: Chromium (Debian's /usr/bin/chromium, driven by playwright-core) against
// the built site in dist/client, served by the same preview server `npm start` uses.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
})
