import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'lib/**/*.test.ts', 'components/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // Vitest's default is one worker less than the cores: ONE on a 2-core CI machine. Most of the
    // slow files wait on child processes (tsx CLIs, PGlite, SMTP), so two workers even on two cores
    // roughly halve the unit step. Every test uses its own temp dirs and free ports.
    maxWorkers: Math.max(2, availableParallelism()),
    // Concise when the output is not a terminal (CI, `npm test | tee`): dots, then the failures.
    reporters: process.env.CI || !process.stdout.isTTY ? ['dot'] : ['default'],
  },
})
