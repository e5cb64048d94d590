// axe-core on one part of a page with axe's default rule set: the same rules and the same
// violations as `new AxeBuilder({ page }).include(selector).analyze()` (@axe-core/playwright, the
// same axe-core package), run with `axe.run` in the page itself.
//
// Why not AxeBuilder: every analyze() evaluates axe's 550 KB source in the page twice, opens a new
// blank page, evaluates the source there once more and finishes the run in it (runPartial and
// finishRun, which exist for cross-origin iframes; the admin and form pages have none). That is a
// few seconds of CPU per call on a loaded 2-core machine, more than many of the runs themselves.
// Here the source goes into a document once, and only the violations are collected
// (`resultTypes`, which leaves which rules run and what they find unchanged).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export type AxeViolation = { id: string; impact?: string | null; help: string; nodes: { target: string[] }[] }

/** axe's default rules on the elements `include` matches (a CSS selector), as AxeBuilder's include(). */
export async function axeAnalyze(page: Page, include: string): Promise<{ violations: AxeViolation[] }> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(
    (selector) =>
      (window as unknown as { axe: { run: (c: object, o: object) => Promise<{ violations: AxeViolation[] }> } }).axe
        .run({ include: [selector], exclude: [] }, { resultTypes: ['violations'] })
        .then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }))),
    include,
  )
  return { violations }
}
