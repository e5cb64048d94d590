// lib/build/page-snapshot.ts keeps what `vike build` wrote so that a rebuild with unchanged code
// skips Vite and renders only the pages whose key changed (scripts/pages.ts). A mistake here ships
// a stale page or a broken bundle, so these run the snapshot on real files in a temp folder: what
// is linked back, what is removed, what Vike is asked to render, and when the snapshot is refused.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { transformSync } from 'esbuild'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { replaceFile } from '../../lib/build/link-or-copy'
import type { PlannedPage } from '../../lib/build/page-plan'
import {
  pageFile,
  readManifest,
  restoreBundles,
  restorePages,
  sourceFingerprint,
  TYPE_ONLY_FILES,
  takeSnapshot,
  updateSnapshot,
} from '../../lib/build/page-snapshot'
import { onlyUrls, PRERENDER_ONLY_ENV } from '../../lib/routing/prerender'

const root = mkdtempSync(join(tmpdir(), 'page-snapshot-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const dist = join(root, 'dist')
const snap = join(root, 'snapshot')
const put = (file: string, text: string) => {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text)
}
const read = (file: string) => readFileSync(file, 'utf8')
const inode = (file: string) => statSync(file).ino
const plan = (keys: Record<string, string | undefined>): PlannedPage[] => Object.entries(keys).map(([url, key]) => ({ url, page: 'pages/content/x', key }))

/** Replaces `folder` with exactly these files (path under it → text). */
function tree(folder: string, files: Record<string, string>) {
  rmSync(folder, { recursive: true, force: true })
  for (const [file, text] of Object.entries(files)) put(join(folder, file), text)
}

/** dist/ as `vike build` leaves it: two pages, a not-found page, a bundle, a public file, the manifest and the server bundle. */
const viteOutput = () =>
  tree(dist, {
    'client/index.html': '<p>Elastic netting</p>',
    'client/tr/index.html': '<p>Elastik file</p>',
    'client/404/index.html': '<p>Not found</p>',
    'client/assets/entries/island.js': 'hydrate()',
    'client/logo.svg': '<svg/>',
    'assets.json': '{}',
    'server/entry.mjs': 'export {}',
  })
const keys = { '/': 'k-en', '/tr/': 'k-tr', '/404': 'k-404' }

beforeEach(() => {
  viteOutput()
  rmSync(snap, { recursive: true, force: true })
})

describe('page snapshot', () => {
  it('keeps dist as Vike wrote it: client files linked, the server bundle moved, each page with its key', () => {
    expect(takeSnapshot(dist, snap, plan(keys), 'fp-1', ['content/facts.yml'])).toBeUndefined()
    expect(inode(join(snap, 'client/tr/index.html'))).toBe(inode(join(dist, 'client/tr/index.html')))
    expect(existsSync(join(dist, 'server'))).toBe(false)
    expect(read(join(snap, 'server/entry.mjs'))).toBe('export {}')
    const manifest = readManifest(snap)!
    expect(manifest.fingerprint).toBe('fp-1')
    expect(manifest.extraInputs).toEqual(['content/facts.yml'])
    expect(manifest.pages['/tr/']).toEqual({ file: 'tr/index.html', key: 'k-tr' })
    expect(Object.keys(manifest.files).sort()).toEqual([
      'assets.json',
      'client/404/index.html',
      'client/assets/entries/island.js',
      'client/index.html',
      'client/logo.svg',
      'client/tr/index.html',
    ])
  })

  it('refuses to be reused when Vike wrote HTML that is no page of the plan', () => {
    put(join(dist, 'client/stray/index.html'), '<p>?</p>')
    expect(takeSnapshot(dist, snap, plan(keys), 'fp-1', [])).toMatch(/no page's: client\/stray\/index.html/)
    expect(readManifest(snap)!.fingerprint).toBe('')
  })

  it('restores a rebuild: bundles and unchanged pages linked back, postbuild files removed, changed pages left to Vike', () => {
    takeSnapshot(dist, snap, plan(keys), 'fp-1', [])
    // What postbuild did afterwards: a finished page replaced, the 404 page moved, files added.
    replaceFile(join(dist, 'client/index.html'), '<p>Elastic netting</p><script>enhance()</script>')
    rmSync(join(dist, 'client/404'), { recursive: true })
    put(join(dist, 'client/404.html'), '<p>Not found</p>')
    put(join(dist, 'client/pagefind/en/index.pf'), 'index')
    put(join(dist, 'client/sitemap.xml'), '<urlset/>')

    const manifest = readManifest(snap)!
    expect(restoreBundles(dist, snap, manifest)).toBeUndefined()
    expect(existsSync(join(dist, 'client/pagefind'))).toBe(false)
    expect(existsSync(join(dist, 'client/sitemap.xml'))).toBe(false)
    expect(existsSync(join(dist, 'client/404.html'))).toBe(false)
    expect(inode(join(dist, 'client/assets/entries/island.js'))).toBe(inode(join(snap, 'client/assets/entries/island.js')))
    expect(inode(join(dist, 'assets.json'))).toBe(inode(join(snap, 'assets.json')))

    // The Turkish page's data changed; the other two did not.
    const { reused, toRender } = restorePages(dist, snap, manifest, plan({ ...keys, '/tr/': 'k-tr-2' }))
    expect(reused).toBe(2)
    expect(toRender).toEqual(['/tr/'])
    expect(read(join(dist, 'client/index.html'))).toBe('<p>Elastic netting</p>')
    expect(inode(join(dist, 'client/404/index.html'))).toBe(inode(join(snap, 'client/404/index.html')))
    // Removed, so that Vike writes a new file instead of writing into the snapshot's.
    expect(existsSync(join(dist, 'client/tr/index.html'))).toBe(false)

    put(join(dist, 'client/tr/index.html'), '<p>Elastik file, yeni</p>')
    updateSnapshot(dist, snap, manifest, plan({ ...keys, '/tr/': 'k-tr-2' }), ['/tr/'])
    const after = readManifest(snap)!
    expect(after.pages['/tr/']!.key).toBe('k-tr-2')
    expect(read(join(snap, 'client/tr/index.html'))).toBe('<p>Elastik file, yeni</p>')
    expect(restorePages(dist, snap, after, plan({ ...keys, '/tr/': 'k-tr-2' })).toRender).toEqual([])
  })

  it('always renders a page without a key, and a page whose stored file was written in place', () => {
    takeSnapshot(dist, snap, plan({ ...keys, '/404': undefined }), 'fp-1', [])
    writeFileSync(join(dist, 'client/tr/index.html'), '<p>edited in place</p>') // the same inode as the snapshot's
    const manifest = readManifest(snap)!
    expect(restoreBundles(dist, snap, manifest)).toBeUndefined()
    expect(restorePages(dist, snap, manifest, plan(keys)).toRender.sort()).toEqual(['/404', '/tr/'])
  })

  it('removes the pages that left the route table, with their folders', () => {
    takeSnapshot(dist, snap, plan(keys), 'fp-1', [])
    const manifest = readManifest(snap)!
    restoreBundles(dist, snap, manifest)
    const planned = plan({ '/': 'k-en', '/404': 'k-404' })
    restorePages(dist, snap, manifest, planned)
    expect(existsSync(join(dist, 'client/tr'))).toBe(false)
    updateSnapshot(dist, snap, manifest, planned, [])
    expect(readManifest(snap)!.pages['/tr/']).toBeUndefined()
    expect(existsSync(join(snap, 'client/tr/index.html'))).toBe(false)
  })

  it('is refused when a bundle file changed in place or the server bundle is gone', () => {
    takeSnapshot(dist, snap, plan(keys), 'fp-1', [])
    writeFileSync(join(dist, 'client/assets/entries/island.js'), 'hydrate(2)') // in place: the snapshot's file too
    expect(restoreBundles(dist, snap, readManifest(snap)!)).toMatch(/island\.js changed since it was built/)
    viteOutput()
    takeSnapshot(dist, snap, plan(keys), 'fp-1', [])
    rmSync(join(snap, 'server'), { recursive: true })
    expect(restoreBundles(dist, snap, readManifest(snap)!)).toMatch(/server is missing/)
  })

  it('names the file Vike writes for a URL', () => {
    expect(pageFile('/')).toBe('index.html')
    expect(pageFile('/tr/urunler/')).toBe('tr/urunler/index.html')
    expect(pageFile('/tr/404')).toBe('tr/404/index.html')
  })
})

describe('source fingerprint', () => {
  const project = join(root, 'project')
  beforeEach(() =>
    tree(project, {
      'lib/format.ts': 'export const mm = 16',
      'renderer/+config.ts': 'export default {}',
      'content/guides/en/pork.mdx': '# Pork',
      'vite.config.ts': 'export default {}',
      'package-lock.json': '{}',
    }),
  )

  it('changes with the code, the extra inputs Vite read, the .env files and the VITE_ variables, not with the content', () => {
    const base = sourceFingerprint(project, ['content/facts.yml'], {})
    expect(sourceFingerprint(project, ['content/facts.yml'], {})).toBe(base)
    writeFileSync(join(project, 'content/guides/en/pork.mdx'), '# Pork loins')
    expect(sourceFingerprint(project, ['content/facts.yml'], {})).toBe(base)
    expect(sourceFingerprint(project, ['content/facts.yml'], { VITE_SUPABASE_URL: 'https://x.supabase.co' })).not.toBe(base)
    expect(sourceFingerprint(project, ['content/facts.yml'], { HOME: '/root' })).toBe(base)
    put(join(project, 'content/facts.yml'), 'squares: [16]')
    expect(sourceFingerprint(project, ['content/facts.yml'], {})).not.toBe(base)
    const withFacts = sourceFingerprint(project, ['content/facts.yml'], {})
    writeFileSync(join(project, 'lib/format.ts'), 'export const mm = 18')
    expect(sourceFingerprint(project, ['content/facts.yml'], {})).not.toBe(withFacts)
    const edited = sourceFingerprint(project, ['content/facts.yml'], {})
    put(join(project, '.env.production'), 'VITE_HCAPTCHA_SITE_KEY=abc')
    expect(sourceFingerprint(project, ['content/facts.yml'], {})).not.toBe(edited)
    const withEnv = sourceFingerprint(project, ['content/facts.yml'], {})
    put(join(project, 'scripts/page-scripts.ts'), 'export const finishPage = (html: string) => html')
    expect(sourceFingerprint(project, ['content/facts.yml'], {})).not.toBe(withEnv)
  })

  it('leaves out the files that hold only types, and each of them compiles to nothing', () => {
    const base = sourceFingerprint(project, [], {})
    put(join(project, 'lib/i18n/ui-keys.ts'), "export type UiKey = 'nav.home' | 'nav.quote'")
    expect(sourceFingerprint(project, [], {})).toBe(base)
    for (const file of TYPE_ONLY_FILES) {
      expect(transformSync(readFileSync(file, 'utf8'), { loader: 'ts', legalComments: 'none' }).code.trim(), file).toBe('')
    }
  })

  it('changes when the project moves: the server bundle holds absolute paths', () => {
    const here = sourceFingerprint(project, [], {})
    const moved = join(root, 'moved')
    rmSync(moved, { recursive: true, force: true })
    renameSync(project, moved)
    expect(sourceFingerprint(moved, [], {})).not.toBe(here)
    renameSync(moved, project)
    expect(sourceFingerprint(project, [], {})).toBe(here)
  })
})

describe('PRERENDER_ONLY', () => {
  it('reads the URLs to render from the file it names; none means every page', () => {
    const file = join(root, 'only.json')
    writeFileSync(file, JSON.stringify(['/tr/']))
    expect(onlyUrls({ [PRERENDER_ONLY_ENV]: file })).toEqual(new Set(['/tr/']))
    expect(onlyUrls({})).toBeUndefined()
  })
})
