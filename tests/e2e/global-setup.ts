// Serves dist/client (and the local Supabase stand-in) for the whole e2e run.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startStaticServer } from '../../server/preview/static-server'
import { startLocalSupabase } from '../../server/local-supabase/index'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    supabaseUrl: string
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync('dist/client/index.html')) throw new Error('dist/client is missing: run `npm run build` before the e2e tests')
  const site = await startStaticServer({ root: 'dist/client', port: 0 })
  // Same port the build targets (lib/supabase/config.ts); a fresh database per run.
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-pglite-'))
  const backend = await startLocalSupabase({ port: 54321, dataDir })
  project.provide('baseUrl', site.url)
  project.provide('supabaseUrl', backend.url)
  return async () => {
    site.close()
    await backend.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
