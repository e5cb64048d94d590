// The bench's decisions that no build is needed to check (scripts/bench/peak-rss.ts,
// scripts/bench/peers/peer-*.ts): which Astro caches a cold peer build deletes, how the peak memory
// of a process tree is recorded and read, and what of our built pages the peers render. The bench's entry points themselves are not imported (they run
// builds when loaded).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PEAK_RSS_LOG, peakRssKb } from '../../scripts/bench/peak-rss'
import { ASTRO_CACHES, ASTRO_CONFIG, deleteAstroCaches, unlistedAstroCaches } from '../../scripts/bench/peers/peer-caches'
import { localeChrome, pageAsMarkdown, pageChrome } from '../../scripts/bench/peers/peer-page'

const dir = mkdtempSync(join(tmpdir(), 'bench-peers-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const touch = (file: string, text = 'x') => {
  mkdirSync(join(file, '..'), { recursive: true })
  writeFileSync(file, text)
}

describe('the Astro peer starts cold', () => {
  // A project laid out as scripts/bench/peers/astro.ts writes it: node_modules links one shared install.
  function project(name: string) {
    const deps = join(dir, `${name}-deps`)
    const work = join(dir, name)
    touch(join(deps, 'node_modules/astro/package.json'), '{}')
    touch(join(deps, 'node_modules/.astro/data-store.json'), '{"warm":true}')
    touch(join(deps, 'node_modules/.vite/deps/_metadata.json'), '{}')
    touch(join(work, 'src/data/pages/en/about.md'), '# About')
    touch(join(work, '.astro/content.d.ts'))
    touch(join(work, '.cache/astro/data-store.json'), '{"warm":true}')
    touch(join(work, '.cache/vite/deps/_metadata.json'), '{}')
    touch(join(work, 'dist/en/about/index.html'))
    symlinkSync(join(deps, 'node_modules'), join(work, 'node_modules'), 'dir')
    return { deps, work }
  }

  it('deletes the content layer store, .astro/, the Vite cache and the output, in the project and in the shared install, and nothing else', () => {
    const { deps, work } = project('cold')
    expect(deleteAstroCaches(work).sort()).toEqual([...ASTRO_CACHES].sort())
    for (const path of ASTRO_CACHES) expect(existsSync(join(work, path)), path).toBe(false)
    expect(existsSync(join(deps, 'node_modules/.astro/data-store.json'))).toBe(false)
    expect(readFileSync(join(work, 'src/data/pages/en/about.md'), 'utf8')).toBe('# About')
    expect(existsSync(join(deps, 'node_modules/astro/package.json'))).toBe(true)
    // A second cold start finds nothing left to delete.
    expect(deleteAstroCaches(work)).toEqual([])
  })

  it("the peer's config puts both cache folders where a cold build deletes them", () => {
    const dirs = [...ASTRO_CONFIG.matchAll(/cacheDir: '\.\/([^']+)'/g)].map(([, d]) => d)
    expect(dirs).toHaveLength(2)
    for (const d of dirs) expect(ASTRO_CACHES).toContain(d)
  })

  it('names what a build left that is neither a known cache nor written by the bench', () => {
    const { work } = project('unlisted')
    touch(join(work, '.cache/newer-astro/store.bin'))
    touch(join(work, 'node_modules/.astro-next/store.json'))
    touch(join(work, '.turbo/cache.json'))
    touch(join(work, 'package.json'), '{}')
    expect(unlistedAstroCaches(work, ['package.json', 'src', 'node_modules']).sort()).toEqual(['.cache/newer-astro', '.turbo', 'node_modules/.astro-next'])
  })
})

describe('peak memory of a process tree', () => {
  it('reads the largest "peak-rss-kb" line, and nothing from a log without one', () => {
    expect(peakRssKb('peak-rss-kb 51200\npeak-rss-kb 734003\npeak-rss-kb 90\n')).toBe(734003)
    expect(peakRssKb('')).toBeUndefined()
    expect(peakRssKb('cpu-time-ms 1200\n')).toBeUndefined()
  })

  const python = ['/usr/bin/python3', '/usr/local/bin/python3'].find((p) => existsSync(p))
  it.skipIf(process.platform !== 'linux' || !python)(
    "cpu-time.py records the largest process of the tree, a grandchild's too, without changing its stderr's last line",
    () => {
      const log = join(dir, 'rss.log')
      // bash → node: the node process is a grandchild of the wrapper, holding about 150 MB.
      const grow = `${process.execPath} -e "const b = Buffer.alloc(150e6, 1); console.log(b.length)"`
      const r = spawnSync(python!, ['scripts/bench/cpu-time.py', 'bash', '-c', grow], { encoding: 'utf8', env: { ...process.env, [PEAK_RSS_LOG]: log } })
      expect(r.status).toBe(0)
      expect(r.stderr).toMatch(/\ncpu-time-ms \d+\n$/)
      const kb = peakRssKb(readFileSync(log, 'utf8'))!
      expect(kb * 1024).toBeGreaterThan(150e6)
      expect(kb * 1024).toBeLessThan(1e9)

      // As a build task's shell (scripts/bench/task-shell.sh): the CPU time and the peak go to the file.
      const record = join(dir, 'task.record')
      expect(spawnSync(python!, ['scripts/bench/cpu-time.py', '--record', record, 'bash', '-c', grow]).status).toBe(0)
      const [cpuMs, peakKb] = readFileSync(record, 'utf8').trim().split(' ').map(Number)
      expect(cpuMs).toBeGreaterThan(0)
      expect(peakKb! * 1024).toBeGreaterThan(150e6)
      expect(peakKb! * 1024).toBeLessThan(1e9)
    },
  )
})

const PAGE = `<!DOCTYPE html><html lang="de" dir="ltr"><head><title>Schweinenetz</title><meta name="description" content="Netz &amp; mehr"/>
<link rel="stylesheet" href="/assets/content.css"><link rel="canonical" href="https://x.test/de/netz/"/>
<link rel="alternate" hrefLang="en" href="https://x.test/en/net/"/><link rel="alternate" hrefLang="de" href="https://x.test/de/netz/"/>
<link rel="icon" href="data:image/svg+xml,%3Csvg%3E"/></head><body>
<header class="site-header"><a class="brand" href="/"><span>Elastinet</span></a>
<nav id="site-nav"><ul><li><a href="/">Start</a></li><li class="has-dropdown"><a href="/de/produkte/">Produkte</a><button>▾</button>
<ul class="dropdown" id="menu-products"><li><a href="/de/produkte/schwein/">Schwein</a></li><li><a href="/de/produkte/rind/">Rind</a></li></ul></li>
<li><a href="/de/kontakt/">Kontakt</a></li></ul></nav>
<nav id="lang-menu"><ul><li><a href="/en/net/" hrefLang="en" lang="en">English</a></li><li><a href="/de/netz/" hrefLang="de" lang="de" aria-current="true">Deutsch</a></li></ul></nav>
<a class="btn" href="/de/angebot/">Angebot</a></header>
<main id="main"><h1>Schweinenetz</h1><p>Hält <strong>Braten</strong> rund.</p>
<table class="spec-table"><tbody><tr><th scope="row">Material</th><td><bdi>Polyester | Gummi</bdi></td></tr><tr><th scope="row">Hitze</th><td>220 °C</td></tr></tbody></table>
<details><summary>Wie groß?</summary><p>Messen.</p></details></main>
<footer><section><h2 class="footer-heading">Schnellzugriff</h2><ul><li><a href="/de/ueber-uns/">Über uns</a></li></ul></section>
<section><h2>Konformität</h2><ul><li><bdi>EU 1935/2004</bdi></li></ul></section>
<div class="container footer-legal"><p>© <!-- -->2026<!-- --> Elastinet</p><ul><li><a href="/de/downloads/#privacy">Datenschutz</a></li></ul></div></footer></body></html>`

describe('what the peers render of one of our pages', () => {
  it("reads the chrome: head links, menus under their top-level link, languages, the header's other links, footer groups and legal links", () => {
    expect(pageChrome(PAGE)).toEqual({
      icon: 'data:image/svg+xml,%3Csvg%3E',
      canonical: 'https://x.test/de/netz/',
      alternates: [
        { lang: 'en', href: 'https://x.test/en/net/' },
        { lang: 'de', href: 'https://x.test/de/netz/' },
      ],
      nav: [
        { href: '/', text: 'Start', children: [] },
        {
          href: '/de/produkte/',
          text: 'Produkte',
          children: [
            { href: '/de/produkte/schwein/', text: 'Schwein' },
            { href: '/de/produkte/rind/', text: 'Rind' },
          ],
        },
        { href: '/de/kontakt/', text: 'Kontakt', children: [] },
      ],
      languages: [
        { href: '/en/net/', text: 'English', lang: 'en' },
        { href: '/de/netz/', text: 'Deutsch', lang: 'de' },
      ],
      actions: [
        { href: '/', text: 'Elastinet' },
        { href: '/de/angebot/', text: 'Angebot' },
      ],
      footer: [
        { heading: 'Schnellzugriff', links: [{ href: '/de/ueber-uns/', text: 'Über uns' }], items: [] },
        { heading: 'Konformität', links: [], items: ['EU 1935/2004'] },
      ],
      legal: [{ href: '/de/downloads/#privacy', text: 'Datenschutz' }],
      copyright: '© 2026 Elastinet',
    })
  })

  it("gives the text of <main> as Markdown, a row-header table as a table with an empty header row, and the page's own links as front matter", () => {
    const md = pageAsMarkdown(PAGE)!
    const [, front, body] = md.split(/^---$/m)
    expect(front).toContain('title: "Schweinenetz"\ndescription: "Netz & mehr"\nlang: "de"\ndir: "ltr"\n')
    // The page's own links in its front matter; what its language's pages share is not repeated there.
    expect(JSON.parse(/^languages: (.*)$/m.exec(front!)![1]!)).toEqual(pageChrome(PAGE).languages)
    expect(front).not.toMatch(/^nav:/m)
    expect(localeChrome(PAGE).nav[1]!.children).toHaveLength(2)
    expect(body!.trim().split('\n\n')).toEqual([
      '# Schweinenetz',
      'Hält Braten rund.',
      '|  |  |\n|---|---|\n| Material | Polyester \\| Gummi |\n| Hitze | 220 °C |',
      '**Wie groß?**',
      'Messen.',
    ])
    expect(pageAsMarkdown('<html><body><p>no main</p></body></html>')).toBeUndefined()
  })
})
