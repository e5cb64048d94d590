// Fonts for the PDF documents, embedded so that every machine prints the same PDF: Noto Sans
// (Latin, including Turkish ğ ş ı İ) and, for Arabic, IBM Plex Sans Arabic, as TrueType files
// from the @expo-google-fonts packages (the @fontsource packages the site uses ship WOFF2, which
// the PDF engine does not read). Not Noto Sans Arabic, the site's Arabic font: it draws each
// dotted letter as a skeleton plus a separate dot glyph, which text extractors (a PDF reader's
// search) read as doubled or broken letters; Plex draws whole letters (docs/DOCUMENTS.md).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/** The font files, by package and file, in the order the layout (sheet.typ) names the families. */
export const FONT_FILES = [
  '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  '@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf',
  '@expo-google-fonts/ibm-plex-sans-arabic/700Bold/IBMPlexSansArabic_700Bold.ttf',
]

export const fontBlobs = (): Buffer[] => FONT_FILES.map((file) => readFileSync(require.resolve(file)))
