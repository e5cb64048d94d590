import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'lib/**/*.test.ts', 'components/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
})
