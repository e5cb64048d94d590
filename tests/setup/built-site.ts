// Global setup of the built site's tests (vitest.built.config.ts): one clear message, rather than
// a file-not-found per test, when there is no build to test.
import { existsSync } from 'node:fs'

const NEEDED = ['dist/client/index.html', 'dist/client/_headers', 'dist/server', '.generated/documents/manifest.json']

export default function requireBuiltSite(): void {
  const missing = NEEDED.filter((path) => !existsSync(path))
  if (missing.length > 0) throw new Error(`${missing.join(', ')} missing: run \`npm run build\` before the built site's tests (vitest.built.config.ts)`)
}
