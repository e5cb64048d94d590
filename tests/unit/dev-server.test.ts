// `npm run dev` on a free port against a temporary copy of content/ (tests/helpers/dev-session.ts):
// a content edit reaches the next request and the open page reloads by itself; a broken file
// shows an error page naming file, line and field, and the server recovers once it is fixed.
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevSession, type DevSession } from '../helpers/dev-session'

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run']
const FILE = 'pages/about/en.yml'
const WAIT = { timeout: 60_000, interval: 100 } // a busy 2-core machine; usually well under a second

let dev: DevSession
let browser: Browser
let page: Page
// expect.poll waits for a pending attempt: a request the server never answers would hold the
// test until its timeout, so each one is bounded and counts as a failed attempt.
const get = async (path: string) => {
  const res = await fetch(dev.url + path, { signal: AbortSignal.timeout(WAIT.timeout / 2) })
  return { status: res.status, text: await res.text() }
}
/**
 * Saves the edits, then waits for the end of the content build that follows before anything asks
 * the server: each request renders a page, and polling while the build runs only renders the old
 * content again. A build already running when the edits land may end first, without them; the
 * polls after this still wait for what the edits show.
 */
const edited = async (...edits: [file: string, change: (text: string) => string][]) => {
  const from = dev.builds.length
  for (const [file, change] of edits) dev.edit(file, change)
  await dev.build('ended', from)
}

/**
 * A new page whose actions wait as long as the test's budget allows: Playwright's own default
 * (30 s a navigation) would decide a result on a busy machine, where a navigation during a
 * rebuild has been seen to take longer. The test's timeout still ends a hang.
 */
async function newPage(): Promise<Page> {
  const p = await browser.newPage()
  p.setDefaultTimeout(0)
  return p
}

beforeAll(async () => {
  dev = await startDevSession()
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS })
  page = await newPage()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await dev?.stop()
})

describe('npm run dev', () => {
  it('serves the site on PORT, bound to 127.0.0.1', async () => {
    expect(dev.log()).toContain(`Dev site: ${dev.url}/`)
    expect(dev.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const { status, text } = await get('/en/about/')
    expect(status).toBe(200)
    expect(text).toContain('We make elastic netting for the meat industry')
  }, 120_000)

  it('shows a content edit on the next request, and the open page reloads by itself', async () => {
    await page.goto(`${dev.url}/en/about/`)
    await expect.poll(() => page.locator('h1').textContent(), WAIT).toContain('We make elastic netting')
    dev.edit(FILE, (t) => t.replace('heading: We make elastic netting for the meat industry', 'heading: Elastic netting, edited live'))
    // No page.reload(): the dev server tells the page to reload.
    await expect.poll(() => page.locator('h1').textContent(), WAIT).toBe('Elastic netting, edited live')
    expect((await get('/en/about/')).text).toContain('Elastic netting, edited live')
  }, 120_000)

  it('a broken file shows an error page naming file, line and field; the server recovers when fixed', async () => {
    dev.edit(FILE, (t) => t.replace('heading: Elastic netting, edited live', 'heading: "  "'))
    const line =
      dev
        .read(FILE)
        .split('\n')
        .findIndex((l) => l.includes('heading: "  "')) + 1
    await expect.poll(() => page.locator('h1').textContent(), WAIT).toContain('content problem')
    const body = await page.locator('body').textContent()
    expect(body).toContain(`content/pages/about/en.yml:${line}`)
    expect(body).toContain('blocks[0].heading')
    expect(body).toContain('empty text')
    const res = await get('/en/about/')
    expect(res.status).toBe(500)
    expect(res.text).toContain(`content/pages/about/en.yml:${line}`)

    dev.edit(FILE, (t) => t.replace('heading: "  "', 'heading: Fixed and back'))
    await expect.poll(() => page.locator('h1').textContent(), WAIT).toBe('Fixed and back')
    expect((await get('/en/about/')).status).toBe(200)
  }, 180_000)

  it('a YAML syntax error and a broken link in another file are shown the same way', async () => {
    await edited(['ui/de.yml', (t) => t.replace(/^nav\.menu: .*$/m, '$&\nnav.menu: Doppelt')])
    const line = dev.read('ui/de.yml').split('\n').indexOf('nav.menu: Doppelt') + 1
    await expect.poll(async () => (await get('/de/')).text, WAIT).toContain(`content/ui/de.yml:${line}`)
    expect((await get('/de/')).text).toContain('duplicate key')
    // The fix and the next mistake saved back to back: both are seen.
    await edited(['ui/de.yml', (t) => t.replace('\nnav.menu: Doppelt', '')], [FILE, (t) => t.replace(/^(\s+to: )contact$/m, '$1contact-us')])
    await expect.poll(async () => (await get('/en/about/')).text, WAIT).toContain('link target &#34;contact-us&#34; does not exist')
    await edited([FILE, (t) => t.replace('contact-us', 'contact')])
    await expect.poll(async () => (await get('/en/about/')).status, WAIT).toBe(200)
    expect((await get('/de/')).status).toBe(200)
  }, 180_000)

  it('saves in quick succession, one of them during a build, all reach the page', async () => {
    // velite's own watch mode ran one rebuild per changed file side by side, and the one that
    // finished last could have read a file before its latest save (docs/ARCHITECTURE.md §5).
    const files = ['pages/about/de.yml', 'pages/about/fr.yml', FILE]
    const marks = files.map((_, i) => `Gespeichert ${i + 1}`)
    const heading = (mark: string) => (t: string) => t.replace(/^( {4}heading: ).*$/m, `$1${mark}`) // the hero's heading
    const before = dev.builds.length
    files.forEach((f, i) => {
      dev.edit(f, heading(marks[i]!))
    })
    // Once more, while the build those saves started runs: at the server's signal that it started.
    let started = await dev.build('started', before)
    let last = 0
    for (;;) {
      dev.edit(FILE, heading(`Gespeichert zuletzt ${++last}`))
      const ended = await dev.build('ended', started.index)
      if (ended.changedDuringBuild) break
      // The build ended before the server saw the save (a machine too busy to keep up): the save
      // starts a build of its own, and the next save lands during that one.
      started = await dev.build('started', ended.index)
    }
    for (const [path, text] of [
      ['/de/uber-uns/', marks[0]],
      ['/fr/a-propos/', marks[1]],
      ['/en/about/', `Gespeichert zuletzt ${last}`],
    ] as const) {
      await expect.poll(async () => (await get(path)).text, { ...WAIT, message: path }).toContain(text)
    }
  }, 180_000)

  it('a text missing in a language shows marked, in English, with a banner counting it', async () => {
    const mark = 'data-missing-translation="nav.skipToContent"'
    // Off the dev site while the edit builds: the open page would reload itself after the build
    // (content-reload), and that reload would cut short the navigation below. Closed rather than
    // sent to about:blank, which waits for a reload already under way.
    await page.close()
    expect((await get('/de/uber-uns/')).text).not.toContain(mark)
    const line = dev
      .read('ui/de.yml')
      .split('\n')
      .find((l) => l.startsWith('nav.skipToContent:'))!
    await edited(['ui/de.yml', (t) => t.replace(`${line}\n`, '')])
    await expect.poll(async () => (await get('/de/uber-uns/')).text, WAIT).toContain(mark)
    const english = dev.read('ui/en.yml').match(/^nav\.skipToContent: "?(.*?)"?$/m)![1]!
    expect((await get('/de/uber-uns/')).text).toContain(`${mark} title="nav.skipToContent">${english}</mark>`)
    page = await newPage()
    await page.goto(`${dev.url}/de/uber-uns/`)
    await expect
      .poll(() => page.locator('#dev-missing-translations summary').textContent(), WAIT)
      .toMatch(/^\d+ texts? on this page (is|are) not translated into Deutsch/)
    expect(await page.locator('#dev-missing-translations code', { hasText: 'nav.skipToContent' }).count()).toBe(1)
    await edited(['ui/de.yml', (t) => t.replace(/^(nav\.home: .*)$/m, `${line}\n$1`)])
    await expect.poll(async () => (await get('/de/uber-uns/')).text, WAIT).not.toContain(mark)
  }, 180_000)
})
