// What `vike build` wrote, kept for the next build, so that a rebuild redoes only what changed
// (scripts/pages.ts decides when it is used). In .generated/vike/:
//   client/       dist/client as Vike left it (pages, bundles, public/), hard links
//   assets.json   Vike's asset manifest (dist/assets.json), which its prerender reads
//   server/       the server bundle (dist/server), moved here after the build
//   manifest.json the code's fingerprint, each file's size and time, and each page's file and key
//
// A rebuild whose code fingerprint is unchanged links this back into dist/ and renders again
// only the pages whose key changed. Files are shared with dist/ as hard links, so nothing may
// write into a file of dist/ in place: every later writer replaces the file (replaceFile in
// lib/build/link-or-copy.ts).
// The recorded size and modification time catch a file that was written in place anyway, and that
// file is then not reused. Deleting .generated/ is always safe: the next build is a full one.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { readVersionedJson } from './entry-store'
import { filesUnder, hashFiles } from './files-under'
import { linkOrCopy, replaceFile } from './link-or-copy'
import type { PlannedPage } from './page-plan'

export const SNAPSHOT_DIR = '.generated/vike'
const VERSION = 1

/** Size and modification time in whole seconds: archives (the CI cache) keep no finer time. */
type FileStat = [size: number, mtime: number]
export type SnapshotManifest = {
  version: number
  /** sourceFingerprint() of the code the bundles were built from. */
  fingerprint: string
  /** Files outside INPUT_FOLDERS that Vite read for the bundles (relative to the project). */
  extraInputs: string[]
  /** Every file of client/ and assets.json, as recorded when it was linked in. */
  files: Record<string, FileStat>
  /** Each page's file (under client/) and render-cache key (null: always rendered). */
  pages: Record<string, { file: string; key: string | null }>
}

/** Folders whose every file is an input of the bundles, whether or not Vite imported it this time. */
export const INPUT_FOLDERS = ['renderer', 'pages', 'components', 'lib', 'public']
// The pages step itself and the page finishing it does (scripts/page-scripts.ts) shape the kept pages too.
const INPUT_FILES = ['vite.config.ts', 'package-lock.json', 'tsconfig.json', 'scripts/pages.ts', 'scripts/page-scripts.ts']
/**
 * Files of the input folders that hold only types, so no bundle changes with them: the UI key
 * type, generated from content/ui/ (scripts/i18n/generate.ts). A translator who adds a UI string
 * changes it, and that rebuild should not run Vite. tests/unit/page-snapshot.test.ts checks that
 * each compiles to nothing.
 */
export const TYPE_ONLY_FILES = ['lib/i18n/ui-keys.ts']
/** The environment Vite writes into the bundles (vite.config.ts `define`, the VITE_ prefix). */
const INPUT_ENV = /^(VITE_|SUPABASE_PORT$|NODE_ENV$)/

/** The file Vike writes for a page URL: "/tr/urunler/" → "tr/urunler/index.html", "/404" → "404/index.html". */
export const pageFile = (url: string) => join(url.replace(/^\/+/, ''), 'index.html')

/**
 * Hash of everything `vike build` and the page finishing build from besides the content read at
 * run time: the input folders, the config and lock files, the two scripts that make the pages, the
 * .env files and the VITE_ variables, Node's version, the project's folder, and `extraInputs` (what
 * else Vite read last time). A missing file hashes as missing.
 */
export function sourceFingerprint(root: string, extraInputs: string[], env: NodeJS.ProcessEnv = process.env): string {
  // The folder too: the server bundle reads velite's JSON by its absolute path (vite.config.ts).
  const hash = createHash('sha256').update(`${VERSION}\0${process.version}\0${resolve(root)}\0`)
  const envFiles = readdirSync(root).filter((name) => name === '.env' || name.startsWith('.env.'))
  hashFiles(hash, root, [...INPUT_FOLDERS, ...INPUT_FILES, ...envFiles, ...extraInputs], TYPE_ONLY_FILES)
  for (const name of Object.keys(env)
    .filter((n) => INPUT_ENV.test(n))
    .sort())
    hash.update(`${name}=${env[name]}\0`)
  return hash.digest('hex')
}

/** The file's size and time, or undefined when it is gone. */
const statOf = (file: string): FileStat | undefined => {
  const s = statSync(file, { throwIfNoEntry: false })
  return s && [s.size, Math.floor(s.mtimeMs / 1000)]
}
/** The snapshot's file `name` is there, with the size and time the manifest recorded. */
const unchanged = (dir: string, manifest: SnapshotManifest, name: string) => {
  const [recorded, now] = [manifest.files[name], statOf(join(dir, name))]
  return recorded !== undefined && now !== undefined && recorded[0] === now[0] && recorded[1] === now[1]
}

export const readManifest = (dir = SNAPSHOT_DIR): SnapshotManifest | undefined => readVersionedJson<SnapshotManifest>(join(dir, 'manifest.json'), VERSION)

const writeManifest = (dir: string, manifest: SnapshotManifest) => replaceFile(join(dir, 'manifest.json'), JSON.stringify(manifest))

/**
 * After a full `vike build`: keeps dist/client and dist/assets.json (as links) and dist/server
 * (moved) in `dir`, with the manifest. Returns why the snapshot cannot be reused, if it cannot:
 * an HTML file that is no page's (it could depend on content no key covers).
 */
export function takeSnapshot(dist: string, dir: string, planned: PlannedPage[], fingerprint: string, extraInputs: string[]): string | undefined {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  renameSync(join(dist, 'server'), join(dir, 'server'))
  const files: SnapshotManifest['files'] = {}
  for (const from of filesUnder(join(dist, 'client'))) {
    const name = relative(join(dist, 'client'), from)
    const to = join(dir, 'client', name)
    mkdirSync(dirname(to), { recursive: true })
    linkOrCopy(from, to)
    files[`client/${name}`] = statOf(to)!
  }
  linkOrCopy(join(dist, 'assets.json'), join(dir, 'assets.json'))
  files['assets.json'] = statOf(join(dir, 'assets.json'))!

  const pages: SnapshotManifest['pages'] = {}
  for (const { url, key } of planned) {
    const file = pageFile(url)
    if (!files[`client/${file}`]) throw new Error(`page snapshot: Vike wrote no ${join(dist, 'client', file)} for ${url}`)
    pages[url] = { file, key: key ?? null }
  }
  const owned = new Set(Object.values(pages).map((p) => `client/${p.file}`))
  const stray = Object.keys(files).filter((f) => f.endsWith('.html') && !owned.has(f))
  const unusable = stray.length ? `Vike wrote HTML that is no page's: ${stray.slice(0, 3).join(', ')}` : undefined
  writeManifest(dir, { version: VERSION, fingerprint: unusable ? '' : fingerprint, extraInputs, files, pages })
  return unusable
}

export type Restored = { reused: number; toRender: string[] }

/** A file of dist/ that is already the snapshot's file (the same inode). */
const sameFile = (a: string, b: string) => {
  const inode = (file: string) => statSync(file, { throwIfNoEntry: false })?.ino
  const ino = inode(a)
  return ino !== undefined && ino === inode(b)
}

/**
 * Step 1 of a rebuild with unchanged code, while the audit and the documents step still run:
 * makes dist/ hold exactly the snapshot's files other than pages (the bundles, public/, Vike's
 * asset manifest), each a hard link, and removes every other file but the snapshot's pages. It
 * keeps dist/client's folders: deleting and creating thousands of page folders is slow.
 * Returns why the snapshot cannot be used instead, when a file of it changed in place or is gone.
 */
export function restoreBundles(dist: string, dir: string, manifest: SnapshotManifest): string | undefined {
  const pageFiles = new Set(Object.values(manifest.pages).map((p) => `client/${p.file}`))
  const common = Object.keys(manifest.files).filter((name) => !pageFiles.has(name))
  const changed = common.find((name) => !unchanged(dir, manifest, name))
  if (changed) return `${join(dir, changed)} changed since it was built`
  if (!existsSync(join(dir, 'server'))) return `${join(dir, 'server')} is missing`

  rmSync(join(dist, 'server'), { recursive: true, force: true })
  const wanted = new Set(common)
  const present = new Set<string>()
  if (existsSync(join(dist, 'client'))) {
    for (const file of filesUnder(join(dist, 'client'))) {
      const name = `client/${relative(join(dist, 'client'), file)}`
      if (pageFiles.has(name)) continue // restorePages decides
      if (wanted.has(name) && sameFile(file, join(dir, name))) present.add(name)
      else rmSync(file)
    }
  }
  for (const dirPath of emptyFolders(join(dist, 'client'))) rmSync(dirPath, { recursive: true })
  for (const name of common) if (!present.has(name)) linkInto(dir, dist, name)
  return undefined
}

/**
 * Step 2, once the page keys are known: links every page whose key is unchanged and removes the
 * files of the others (so that Vike writes new files, never into the snapshot's); returns the
 * URLs Vike must render.
 */
export function restorePages(dist: string, dir: string, manifest: SnapshotManifest, planned: PlannedPage[]): Restored {
  const toRender: string[] = []
  let reused = 0
  for (const { url, key } of planned) {
    const stored = manifest.pages[url]
    const name = `client/${pageFile(url)}`
    const reusable = key && stored?.key === key && unchanged(dir, manifest, name)
    if (reusable) {
      if (!sameFile(join(dist, name), join(dir, name))) linkInto(dir, dist, name)
      reused++
    } else {
      rmSync(join(dist, name), { force: true })
      toRender.push(url)
    }
  }
  // Pages that are no longer in the route table, and their folders.
  const now = new Set(planned.map((p) => p.url))
  const gone = Object.keys(manifest.pages).filter((url) => !now.has(url))
  for (const url of gone) rmSync(join(dist, 'client', manifest.pages[url]!.file), { force: true })
  if (gone.length) for (const folder of emptyFolders(join(dist, 'client'))) rmSync(folder, { recursive: true })
  return { reused, toRender }
}

/** Links `name` of the snapshot `dir` into `dist`, replacing what is there (a copy where links cannot be made). */
function linkInto(dir: string, dist: string, name: string): void {
  const to = join(dist, name)
  mkdirSync(dirname(to), { recursive: true })
  linkOrCopy(join(dir, name), to)
}

/** Folders under `root` with no file at any depth, outermost first. */
function emptyFolders(root: string): string[] {
  if (!existsSync(root)) return []
  const empty: string[] = []
  const visit = (folder: string): boolean => {
    let hasFile = false
    const children: string[] = []
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        const child = join(folder, entry.name)
        if (visit(child)) hasFile = true
        else children.push(child)
      } else hasFile = true
    }
    if (hasFile) empty.push(...children)
    return hasFile
  }
  visit(root)
  return empty
}

/**
 * After Vike rendered `rendered` into dist/client: links those pages into the snapshot, forgets
 * pages that are gone, and records the plan's keys.
 */
export function updateSnapshot(dist: string, dir: string, manifest: SnapshotManifest, planned: PlannedPage[], rendered: string[]): void {
  const now = new Set(planned.map((p) => p.url))
  for (const [url, page] of Object.entries(manifest.pages)) {
    if (now.has(url)) continue
    rmSync(join(dir, 'client', page.file), { force: true })
    delete manifest.files[`client/${page.file}`]
    delete manifest.pages[url]
  }
  const renderedSet = new Set(rendered)
  for (const { url, key } of planned) {
    const file = pageFile(url)
    if (renderedSet.has(url)) {
      const to = join(dir, 'client', file)
      mkdirSync(dirname(to), { recursive: true })
      linkOrCopy(join(dist, 'client', file), to)
      manifest.files[`client/${file}`] = statOf(to)!
    }
    manifest.pages[url] = { file, key: key ?? null }
  }
  writeManifest(dir, manifest)
}
