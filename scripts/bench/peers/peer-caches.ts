// The Astro peer's caches (scripts/bench/peers/astro.ts), so that its cold build is cold: every
// cold build deletes all of them first, its rebuild keeps them. Astro 5 keeps its content layer
// (every entry parsed and rendered: data-store.json) in `cacheDir`, its generated types and
// content modules in `.astro/`, and Vite its pre-bundled dependencies in Vite's `cacheDir`. The
// peer's project links one shared install of Astro as node_modules, where both cacheDirs default
// to (node_modules/.astro, node_modules/.vite): left there, one project's store is the next
// project's warm start. ASTRO_CONFIG moves them into the project; the defaults are deleted too, so
// that a setting Astro stops honouring cannot leave a warm store behind.
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

export const ASTRO_CACHE_DIR = '.cache/astro'
export const ASTRO_VITE_CACHE_DIR = '.cache/vite'

/** The peer's astro.config.mjs: its caches inside the project, one HTML file per URL. */
export const ASTRO_CONFIG = `import { defineConfig } from 'astro/config'
export default defineConfig({
  trailingSlash: 'always',
  build: { format: 'directory' },
  cacheDir: './${ASTRO_CACHE_DIR}',
  vite: { cacheDir: './${ASTRO_VITE_CACHE_DIR}' },
})
`

/** Every folder, relative to the Astro project, a build may read back from an earlier one; dist/ (the output) included. */
export const ASTRO_CACHES = ['.astro', ASTRO_CACHE_DIR, ASTRO_VITE_CACHE_DIR, 'node_modules/.astro', 'node_modules/.vite', 'dist']

/** Deletes every cache of ASTRO_CACHES in the project `work`; returns those that were there. */
export function deleteAstroCaches(work: string): string[] {
  const found = ASTRO_CACHES.filter((path) => existsSync(join(work, path)))
  for (const path of found) rmSync(join(work, path), { recursive: true, force: true })
  return found
}

/**
 * Entries a build left in the project `work` (top level, and node_modules' dot-folders) that
 * ASTRO_CACHES does not name and `written` (what the bench wrote) does not hold: a cache a newer
 * Astro added, which a cold build would not delete. The bench reports them.
 */
export function unlistedAstroCaches(work: string, written: string[]): string[] {
  const known = new Set([...ASTRO_CACHES, ...written, '.cache'])
  const top = readdirSync(work).filter((name) => !known.has(name))
  const modules = existsSync(join(work, 'node_modules'))
    ? readdirSync(join(work, 'node_modules'))
        .filter((name) => name.startsWith('.') && name !== '.bin' && name !== '.package-lock.json')
        .map((name) => `node_modules/${name}`)
        .filter((path) => !known.has(path))
    : []
  const cache = existsSync(join(work, '.cache'))
    ? readdirSync(join(work, '.cache'))
        .map((name) => `.cache/${name}`)
        .filter((path) => !known.has(path))
    : []
  return [...top, ...cache, ...modules]
}
