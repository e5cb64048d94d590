import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'lib/**/*.test.ts', 'components/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // Concise when the output is not a terminal (CI, `npm test | tee`): dots, then the failures.
    reporters: process.env.CI || !process.stdout.isTTY ? ['dot'] : ['default'],
  },
})
