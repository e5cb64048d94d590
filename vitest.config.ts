import { availableParallelism } from 'node:os'
import { configDefaults, defineConfig } from 'vitest/config'

// The test files that read the built site (dist/, .generated/documents/): they run after the build,
// with vitest.built.config.ts (`npm run test:unit` runs both configs), so `npx vitest run` passes on
// a fresh clone without a build. copy-rules and documents stay in tests/unit, where docs cite them.
export const BUILT_SITE_TESTS = ['tests/built/**/*.test.ts', 'tests/unit/copy-rules.test.ts', 'tests/unit/documents.test.ts']

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'lib/**/*.test.ts', 'components/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...BUILT_SITE_TESTS],
    // Many tests read the real content through lib/content/data.ts, i.e. velite's output: written
    // once here when a fresh clone has none (tests/setup/content.ts).
    globalSetup: ['tests/setup/content.ts'],
    environment: 'node',
    // Budgets that end a hang, sized for a loaded 2-core machine (npm test beside other work); a
    // passing test never waits for them, so they live here, not in the test files (docs/TESTING.md).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Vitest's default is one worker less than the cores: ONE on a 2-core CI machine. Most of the
    // slow files wait on child processes (tsx CLIs, PGlite, SMTP), so two workers even on two cores
    // roughly halve the unit step. Every test uses its own temp dirs and free ports.
    maxWorkers: Math.max(2, availableParallelism()),
    // Child processes (Vitest's default pool), not worker threads: the files of many workers open
    // PGlite (WebAssembly), and threads share one process's V8, whose registry of JIT code pages
    // WebAssembly code churn in two threads at once can corrupt (Node 24 aborts with "Check
    // failed: jit_page_->allocations_.erase(addr) == 1", exit 133). A process per worker keeps
    // each V8 to itself.
    // The test files of a worker share their modules (isolate: false: no fresh module graph per
    // file), which saves a good part of the unit step's CPU. The price is a rule for every test
    // file: leave no state behind in a module, in process.env or on globals (restore spies, close
    // servers and databases), since the next file in the worker sees it.
    // tests/setup/no-leftover-state.ts fails a file that leaves process.env or the working
    // directory changed, and every spy is restored after its test (restoreMocks).
    pool: 'forks',
    isolate: false,
    setupFiles: ['tests/setup/no-leftover-state.ts'],
    restoreMocks: true,
    // Concise when the output is not a terminal (CI, `npm test | tee`): dots, then the failures.
    reporters: process.env.CI || !process.stdout.isTTY ? ['dot'] : ['default'],
  },
})
