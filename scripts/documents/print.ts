// Prints a Sheet (./data-sheet.ts) as a tagged PDF with Typst, through its Node binding: a native
// module from npm, so printing needs no browser and nothing beyond `npm ci`. The layout is
// ./sheet.typ; the fonts (./fonts.ts) are embedded, subset, in every PDF.
import { createHash } from 'node:crypto'
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler'
import { FONT_FILES, fontBlobs } from './fonts'
import type { Sheet } from './data-sheet'

const require = createRequire(import.meta.url)
// Read from the project root, as the build runs, so that a bundled copy of this script finds them
const TEMPLATE = 'scripts/documents/sheet.typ'
const LOGO = 'public/logo.svg'
const SELF = 'scripts/documents/print.ts'

let compiler: NodeCompiler | undefined

/**
 * What else than the sheet decides a PDF's bytes: the layout, the logo, the fonts, the engine's
 * version and this file (how it calls the engine). A cached PDF is keyed by this and the sheet.
 */
export function printKey(): string {
  const version = (pkg: string) => (JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { version: string }).version
  const hash = createHash('sha256')
  for (const file of [TEMPLATE, LOGO, SELF]) hash.update(readFileSync(file)).update('\0')
  for (const pkg of ['@myriaddreamin/typst-ts-node-compiler', '@expo-google-fonts/noto-sans', '@expo-google-fonts/ibm-plex-sans-arabic'])
    hash.update(`${pkg}@${version(pkg)}\0`)
  hash.update(FONT_FILES.join('\0'))
  return hash.digest('hex')
}

/** The PDF of a sheet. Throws Typst's diagnostics, naming the layout's line, when the layout fails. */
export function printSheet(sheet: Sheet): Buffer {
  if (!compiler) {
    compiler = NodeCompiler.create({ workspace: '/', fontArgs: [{ fontBlobs: fontBlobs() }] })
    compiler.mapShadow('/logo.svg', readFileSync(LOGO))
    compiler.addSource('/sheet.typ', readFileSync(TEMPLATE, 'utf8'))
  }
  // The sheet reaches the layout as a file, not as sys.inputs: every distinct sys.inputs makes
  // Typst build and keep a standard library of its own, which a large catalogue's thousands of
  // sheets turn into gigabytes.
  compiler.mapShadow('/sheet.json', Buffer.from(JSON.stringify(sheet)))
  const compiled = compiler.compile({ mainFilePath: '/sheet.typ' })
  const doc = compiled.result
  if (!doc || compiled.hasError()) {
    const error = compiled.takeError()
    const messages = error
      ? compiler.fetchDiagnostics(error).map((d: { message?: string; range?: string }) => `${TEMPLATE}:${d.range ?? ''} ${d.message ?? JSON.stringify(d)}`)
      : []
    throw new Error(`documents: ${sheet.title} (${sheet.lang}) could not be laid out:\n${messages.join('\n') || 'no diagnostics'}`)
  }
  const pdf = compiler.pdf(doc, { pdfTags: true })
  // Typst memoizes results in a global cache that only grows: without eviction a catalogue's
  // thousands of sheets keep every one of them in memory. What every sheet shares (fonts, the
  // layout's functions) is hit on each sheet and stays; 10 is the age Typst suggests for a
  // one-shot tool.
  compiler.evictCache(10)
  return pdf
}

/** A sheet and the PDF file to print it to. */
export type PrintJob = { sheet: Sheet; pdf: string }

/** Prints a job's PDF under a temporary name, then renames it: an interrupted build never leaves a truncated sheet that later builds would take for a cached one. */
export function printJob({ sheet, pdf }: PrintJob): void {
  writeFileSync(`${pdf}.tmp`, printSheet(sheet))
  renameSync(`${pdf}.tmp`, pdf)
}
