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
    // Worker threads, and the test files of a worker share their modules (no fresh module graph
    // per file): about a third less CPU and wall time for the unit step. The price is a rule for every test file: leave no state behind in a
    // module, in process.env or on globals (restore spies, close servers and databases), since
    // the next file in the worker sees it. tests/setup/no-leftover-state.ts fails a file that
    // leaves process.env or the working directory changed, and every spy is restored after its
    // test (restoreMocks); child processes get their environment as an argument.
    pool: 'threads',
    isolate: false,
    setupFiles: ['tests/setup/no-leftover-state.ts'],
    restoreMocks: true,
    // Concise when the output is not a terminal (CI, `npm test | tee`): dots, then the failures.
    reporters: process.env.CI || !process.stdout.isTTY ? ['dot'] : ['default'],
  },
})
