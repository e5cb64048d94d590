// Fonts for the screenshots (screenshots.ts, every-page.spec.ts) that come from npm at pinned versions,
// not from the machine. The site names a system font stack (renderer/base.css: system-ui first),
// which Chromium resolves through fontconfig to whatever the machine has installed (DejaVu Sans
// on Debian), so the same page would draw differently after a font package update. Here every
// document of the context gets Noto Sans (Latin, Latin Extended for Turkish, Greek for π) and Noto
// Sans Arabic from the @fontsource packages in devDependencies, in the weights the stylesheets
// use, and a stylesheet that puts them first. Glyphs these fonts lack (the header's ▾ and ☰)
// still come from the machine's fallback font.
//
// Both are made by an init script, so the site's Content-Security-Policy (font-src 'self',
// style-src 'self') is neither bypassed nor in the way: a FontFace made from bytes loads no URL,
// and a constructed stylesheet (document.adoptedStyleSheets) is no <style> element. Every
// document decodes the faces it gets, so an Arabic page gets the Arabic and Latin faces and the
// others the Latin, Latin Extended and Greek ones (Arabic text elsewhere is only in the closed
// language menu). @font-face rules with data: URLs, decoded only where used, cost more: the
// stylesheet's parse.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { BrowserContext } from '@playwright/test'

/** The family names the page gets; the spec checks the computed style names the first. */
export const PINNED_FAMILIES = ['Pinned Sans', 'Pinned Arabic'] as const

// font-weight values in the site's stylesheets (400, 600, 700, 800; h1–h3 and <strong> are 700).
const WEIGHTS = [400, 600, 700, 800]
const FONTS = [
  { family: PINNED_FAMILIES[0], pkg: '@fontsource/noto-sans', subsets: ['latin', 'latin-ext', 'greek'] },
  { family: PINNED_FAMILIES[1], pkg: '@fontsource/noto-sans-arabic', subsets: ['arabic'] },
]

type Face = { family: string; weight: number; unicodeRange: string; base64: string }

/** The faces, with fontsource's own unicode ranges, read from each weight's CSS file. */
function faces(): Face[] {
  const require = createRequire(import.meta.url)
  const out: Face[] = []
  for (const { family, pkg, subsets } of FONTS) {
    const dir = dirname(require.resolve(`${pkg}/package.json`))
    for (const weight of WEIGHTS) {
      const css = readFileSync(join(dir, `${weight}.css`), 'utf8')
      for (const [, body = ''] of css.matchAll(/@font-face\s*{([^}]*)}/g)) {
        const file = /url\(\.\/files\/([^)]+-normal\.woff2)\)/.exec(body)?.[1]
        const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1]
        if (!file || !range || !subsets.some((s) => file.endsWith(`-${s}-${weight}-normal.woff2`))) continue
        out.push({ family, weight, unicodeRange: range, base64: readFileSync(join(dir, 'files', file)).toString('base64') })
      }
    }
    const found = out.filter((f) => f.family === family).length
    if (found !== subsets.length * WEIGHTS.length) throw new Error(`${pkg}: found ${found} of ${subsets.length * WEIGHTS.length} faces (subsets ${subsets})`)
  }
  return out
}

/** Runs in every document before its scripts: registers the faces and puts them first. */
function install(list: (Face & { arabic: boolean })[], families: string) {
  const arabic = location.pathname.startsWith('/ar/')
  const U = Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array<ArrayBuffer> }
  const bytes = (b64: string) => (U.fromBase64 ? U.fromBase64(b64) : Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)))
  for (const f of list) {
    if (f.arabic === arabic || f.unicodeRange.includes('U+0000-00FF'))
      document.fonts.add(new FontFace(f.family, bytes(f.base64), { weight: String(f.weight), unicodeRange: f.unicodeRange }))
  }
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(`:root, button, input, select, textarea { font-family: ${families}, sans-serif !important; }`)
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
}

/** Gives every document of `context` the pinned fonts (await document.fonts.ready before a screenshot). */
export async function pinFonts(context: BrowserContext): Promise<void> {
  const list = faces().map((f) => ({ ...f, arabic: f.family === PINNED_FAMILIES[1] }))
  const families = PINNED_FAMILIES.map((f) => `"${f}"`).join(', ')
  await context.addInitScript({ content: `(${install})(${JSON.stringify(list)}, ${JSON.stringify(families)})` })
}
