// Re-encodes the screenshot baselines (tests/e2e/__screenshots__) losslessly at zlib's highest
// level with adaptive filtering: Chromium writes its PNGs for speed, and the same pixels take
// about 40% of the bytes this way. toHaveScreenshot compares pixels, not bytes, so a compressed
// baseline matches as before. Part of `npm run test:screenshots:update`; a file is rewritten
// only when its new encoding is smaller, so running it again changes nothing.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'

const DIR = 'tests/e2e/__screenshots__'

export async function compressScreenshots(dir = DIR): Promise<{ files: number; before: number; after: number }> {
  let before = 0
  let after = 0
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.png'))
  for (const f of files) {
    const path = join(dir, f)
    const old = readFileSync(path)
    const png = await sharp(old).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer()
    before += old.length
    if (png.length < old.length) writeFileSync(path, png)
    after += Math.min(png.length, old.length)
  }
  return { files: files.length, before, after }
}

if (process.argv[1]?.endsWith('compress-screenshots.ts')) {
  const { files, before, after } = await compressScreenshots()
  console.log(`${files} baselines: ${before} → ${after} bytes`)
}
