// The per-page checks the e2e specs share: axe-core (WCAG 2.0/2.1 A and AA) and the
// Content-Security-Policy violations a page reports. every-page.spec.ts runs both in one visit of
// each page (with the screenshots); a11y.spec.ts and csp.spec.ts use them for opened states and their self-tests.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { watchNetwork } from './network'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

// Known violations on pages this task may not change, keyed by page type and axe rule, each with
// its reason. Empty today. A stale entry (one that no longer matches in the test that checks
// its page type or state) fails that test, so it gets deleted.
const KNOWN: { type: string; rule: string; reason: string }[] = []
const matched = new Set<(typeof KNOWN)[number]>()
export const staleFor = (...types: string[]) => KNOWN.filter((k) => types.includes(k.type) && !matched.has(k)).map((k) => `${k.type} ${k.rule}`)

type Violation = { id: string; impact?: string; help: string; nodes: { target: string[]; failureSummary?: string }[] }

/** The banner would cover the page: as if the visitor had declined (keyboard tests need no axe). */
export const declineCookies = (page: Page) => page.addInitScript(() => localStorage.setItem('cookieConsent', 'declined'))

/** A page, or a context (every page of it). */
type Target = Pick<Page, 'addInitScript'>

/** Injects axe before any page script (the CSP does not apply to injected scripts). */
export async function withAxe<T extends Target>(page: T, consent: string | null = 'declined'): Promise<T> {
  await page.addInitScript({ content: AXE_SOURCE })
  if (consent) await page.addInitScript((c) => localStorage.setItem('cookieConsent', c), consent)
  return page
}

/**
 * Runs axe on the page and returns one readable line per violation not in KNOWN.
 * `contrast: false` leaves out color-contrast, the costliest rule (about 45% of a run): colours
 * come from the page type's stylesheet, not from the language (see every-page.spec.ts).
 */
export async function axe(page: Page, type: string, { contrast = true } = {}): Promise<string[]> {
  const violations = await page.evaluate(
    ([tags, contrast]) =>
      (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: Violation[] }> } }).axe
        .run(document, {
          runOnly: { type: 'tag', values: tags },
          rules: contrast ? {} : { 'color-contrast': { enabled: false } },
          resultTypes: ['violations'],
        })
        .then((r) =>
          r.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
          })),
        ),
    [TAGS, contrast] as const,
  )
  return violations
    .filter((v) => {
      const known = KNOWN.find((k) => k.type === type && k.rule === v.id)
      if (known) matched.add(known)
      return !known
    })
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n      ${v.nodes
          .slice(0, 5)
          .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`)
          .join('\n      ')}`,
    )
}

/** Collects securitypolicyviolation events from the first script on, in every document. */
export async function recordViolations(page: Target) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] }
    w.__csp = []
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`),
    )
  })
}

/** The CSP violation events recorded in the current document (recordViolations). */
export const recordedViolations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)

/**
 * Watches `page` for everything CSP-related that the next document reports while it loads and,
 * for interactive pages, hydrates: violation events (recordViolations must have run) and console
 * or page errors that mention the policy. Start it before the navigation; `collect` waits until
 * the page is complete and returns the findings; `stop` ends the watch (call it in a `finally`).
 */
export function watchCsp(page: Page) {
  const found: string[] = []
  const onConsole = (m: { text(): string; type(): string }) => {
    if (/Content[ -]Security[ -]Policy|\bCSP\b/i.test(m.text())) found.push(`console ${m.type()}: ${m.text()}`)
  }
  const onError = (e: Error) => /Content Security Policy/i.test(e.message) && found.push(`page error: ${e.message}`)
  page.on('console', onConsole)
  page.on('pageerror', onError)
  const network = watchNetwork(page)
  return {
    async collect(interactive: boolean): Promise<string[]> {
      // Hydrating pages: until the network is quiet, React may still be fetching code.
      if (interactive) await network.quiet()
      else await page.waitForLoadState('load')
      return [...found, ...(await recordedViolations(page))]
    },
    stop() {
      network.stop()
      page.off('console', onConsole)
      page.off('pageerror', onError)
    },
  }
}
