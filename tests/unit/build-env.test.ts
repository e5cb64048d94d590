// lib/build/build-env.ts reads the build's environment the way Vite does, without loading Vite
// when there is no .env file. Both ways are compared with Vite's own loadEnv.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadEnv } from 'vite'
import { describe, expect, it } from 'vitest'
import { envFiles, loadBuildEnv } from '../../lib/build/build-env'
import { tempDir } from '../setup/temp-dirs'

describe('loadBuildEnv', () => {
  it('without .env files: exactly what Vite gives, for a prefix and for every variable', async () => {
    const dir = tempDir('build-env-')
    expect(await loadBuildEnv('production', dir, 'VITE_')).toEqual(loadEnv('production', dir, 'VITE_'))
    expect(await loadBuildEnv('production', dir, '')).toEqual(loadEnv('production', dir, ''))
  })

  it('with a .env file for the mode: its variables, as Vite reads them', async () => {
    const dir = tempDir('build-env-')
    writeFileSync(join(dir, '.env.production'), 'VITE_SUPABASE_URL=https://abc.supabase.co\nDEPLOY=preview\n')
    const env = await loadBuildEnv('production', dir, '')
    expect(env).toMatchObject({ VITE_SUPABASE_URL: 'https://abc.supabase.co', DEPLOY: 'preview' })
    expect(env).toEqual(loadEnv('production', dir, ''))
    expect(await loadBuildEnv('development', dir, '')).not.toHaveProperty('DEPLOY') // another mode's file is not read
  })

  it('looks for the four files Vite reads', () => {
    expect(envFiles('production', '/p')).toEqual(['/p/.env', '/p/.env.local', '/p/.env.production', '/p/.env.production.local'])
  })
})
