// Fonts for the PDF data sheets, embedded so that every machine prints the same PDF: Noto Sans
// (Latin, including Turkish ğ ş ı İ) and, for Arabic, IBM Plex Sans Arabic, from the @fontsource
// packages. Not Noto Sans Arabic, the site's Arabic font: it draws each dotted letter as a
// skeleton plus a separate dot glyph, and Chromium's PDF writer then gives text extractors
// (poppler, so a PDF reader's search) words broken at every dot. Plex draws whole letters
// (docs/DOCUMENTS.md has the measurements).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const SUBSETS = ['noto-sans-latin-', 'noto-sans-latin-ext-', 'ibm-plex-sans-arabic-arabic-']

function faces(pkg: string, weight: number): string[] {
  const css = readFileSync(require.resolve(`${pkg}/${weight}.css`), 'utf8')
  const dir = dirname(require.resolve(`${pkg}/${weight}.css`))
  return css
    .split(/(?=\/\* )/)
    .filter((block) => SUBSETS.some((s) => block.startsWith(`/* ${s}`)))
    .map((block) =>
      block.replace(
        /src: url\(\.\/files\/([^)]+\.woff2)\) format\('woff2'\)[^;]*;/,
        (_, file: string) => `src: url(data:font/woff2;base64,${readFileSync(join(dir, 'files', file)).toString('base64')}) format('woff2');`,
      ),
    )
}

let css: string | undefined
export function embeddedFontCss(): string {
  css ??= ['@fontsource/noto-sans', '@fontsource/ibm-plex-sans-arabic'].flatMap((pkg) => [400, 700].flatMap((w) => faces(pkg, w))).join('\n')
  return css
}
