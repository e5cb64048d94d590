// One Chromium per test file. Debian's Chromium: Playwright cannot download browsers here.
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--disable-component-update', '--no-first-run']

export function useBrowser() {
  let browser: Browser
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS })
  })
  afterAll(async () => {
    await browser?.close()
  })
  const base = () => inject('baseUrl')
  return {
    base,
    /** A fresh context (empty localStorage) and page; closed by the caller via page.context().close(). */
    async page(options: BrowserContextOptions = {}): Promise<Page> {
      const context = await browser.newContext({ baseURL: base(), ...options })
      return context.newPage()
    },
  }
}
