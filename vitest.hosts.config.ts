// Host fidelity (tests/hosts/): plain HTTP against `wrangler pages dev` and the preview server,
// after `npm run build` (part of `npm test`; `npm run test:hosts` alone).
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/hosts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
