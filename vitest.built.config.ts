// The unit tests of the built site (BUILT_SITE_TESTS in vitest.config.ts): what `npm run build`
// wrote to dist/ and .generated/, read after the build by `npm run test:unit` (part of `npm test`);
// alone: `npx vitest run -c vitest.built.config.ts`. The same workers and rules as the other unit tests.
import { configDefaults, defineConfig } from 'vitest/config'
import unit, { BUILT_SITE_TESTS } from './vitest.config'

export default defineConfig({
  test: {
    ...unit.test,
    include: BUILT_SITE_TESTS,
    exclude: configDefaults.exclude,
    globalSetup: ['tests/setup/built-site.ts'],
  },
})
