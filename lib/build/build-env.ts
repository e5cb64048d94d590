// The environment a production build sees, read the way Vite reads it for the bundle
// (`.env`, `.env.local`, `.env.<mode>`, `.env.<mode>.local`, then process.env). Vite itself is
// loaded only when one of those files exists: importing it costs CPU that the production guard and
// postbuild would otherwise pay on every build for nothing. Without the files, Vite's
// loadEnv returns exactly the process.env variables that match the prefix, as this does.
import { existsSync } from 'node:fs'
import { join } from 'node:path'

export const envFiles = (mode: string, dir: string) => ['.env', '.env.local', `.env.${mode}`, `.env.${mode}.local`].map((file) => join(dir, file))

export async function loadBuildEnv(mode: string, dir: string, prefix: string): Promise<Record<string, string>> {
  if (envFiles(mode, dir).some((file) => existsSync(file))) {
    const { loadEnv } = await import('vite')
    return loadEnv(mode, dir, prefix)
  }
  return Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[0].startsWith(prefix) && entry[1] !== undefined))
}
