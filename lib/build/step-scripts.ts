// The build's TypeScript steps run as JavaScript bundles, not through tsx. tsx compiles nothing
// twice (it keeps a disk cache), but every module it loads goes through Node's loader hooks, which
// run on a thread of their own: CPU that every step process pays on every build. So the build
// bundles the step scripts with esbuild, once, into .generated/step-scripts/, and runs them with
// plain `node` while none of the files they import changed.
//
// What the bundles keep as they were:
// - packages are not bundled (`packages: 'external'`), nor velite's output (`.velite/`), which a
//   step reads as it is when the step runs;
// - a module imported with `await import('./x')` is loaded when that line runs (code splitting),
//   e.g. the data-sheet template after the documents step chose React's production build;
// - `import.meta.url` of each bundled module is its own source file's, not the bundle's (the
//   audit's parse cache reads its parsers' source to key itself), except in the entry script,
//   whose checks "am I the script node was started with?" (scripts/cli-args.ts) must see the
//   bundle.
// A step whose script imports TypeScript files by path at run time (the pages step: the page
// plan loads each page's +route.ts and +data.ts) keeps running through tsx.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { readVersionedJson } from './entry-store'
import { hashFiles } from './files-under'
import { replaceFile } from './link-or-copy'

export const STEP_SCRIPTS_DIR = '.generated/step-scripts'
const VERSION = 2
/** This file's own source enters the key: it decides how the bundles are made. */
const SELF = fileURLToPath(import.meta.url)

type Manifest = {
  version: number
  /** esbuild's version, this file's source and the project's tsconfig.json (esbuild reads its compiler options), hashed */
  tool: string
  /** entry script (relative to the project) → its bundle (relative to the project) */
  bundles: Record<string, string>
  /** every source file esbuild read (relative to the project), sorted */
  inputs: string[]
  /** their paths and bytes, hashed (hashFiles: a file changed or gone changes it) */
  inputsHash: string
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex')
const hashOf = (root: string, files: string[]) => hashFiles(createHash('sha256'), root, files).digest('hex')
const readManifest = (dir: string) => readVersionedJson<Manifest>(join(dir, 'manifest.json'), VERSION)

/**
 * The bundle of each entry script (paths relative to `root`), made now or kept from an earlier
 * build when the scripts, every file they import, esbuild, this file and tsconfig.json are unchanged. Throws
 * esbuild's error when a script does not compile: the caller runs the steps through tsx then,
 * which reports the error where the step fails.
 */
export async function stepScripts(root: string, entries: string[], outDir = join(root, STEP_SCRIPTS_DIR)): Promise<Map<string, string>> {
  const esbuild = await import('esbuild')
  const tsconfig = join(root, 'tsconfig.json')
  const tool = sha(`${esbuild.version}\0${readFileSync(SELF, 'utf8')}\0${existsSync(tsconfig) ? readFileSync(tsconfig, 'utf8') : ''}`)
  const sorted = [...entries].sort()
  const kept = readManifest(outDir)
  const unchanged =
    kept &&
    kept.tool === tool &&
    JSON.stringify(Object.keys(kept.bundles).sort()) === JSON.stringify(sorted) &&
    Object.values(kept.bundles).every((bundle) => existsSync(join(root, bundle))) &&
    hashOf(root, kept.inputs) === kept.inputsHash
  if (unchanged) return new Map(Object.entries(kept.bundles).map(([entry, bundle]) => [entry, join(root, bundle)]))

  const absoluteEntries = new Set(sorted.map((e) => resolve(root, e)))
  const plugin: import('esbuild').Plugin = {
    name: 'step-scripts',
    setup(build) {
      // velite's output is read as it is when the step runs, never bundled.
      build.onResolve({ filter: /(^|\/)\.velite(\/index\.js)?$/ }, (args) => ({
        path: resolve(args.resolveDir, args.path.endsWith('.js') ? args.path : `${args.path}/index.js`),
        external: true,
      }))
      build.onLoad({ filter: /\.tsx?$/ }, (args) => {
        if (args.path.includes('/node_modules/')) return undefined
        const source = readFileSync(args.path, 'utf8')
        const contents = absoluteEntries.has(args.path) ? source : source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' }
      })
    },
  }
  const staging = `${outDir}.tmp-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  const result = await esbuild
    .build({
      absWorkingDir: resolve(root),
      entryPoints: sorted,
      outdir: staging,
      outbase: '.',
      outExtension: { '.js': '.mjs' },
      chunkNames: 'chunks/[name]-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node.split('.')[0]}`,
      packages: 'external',
      jsx: 'automatic',
      // Beside the bundles, not in them: Node reads inline maps of every module it loads.
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'silent',
      plugins: [plugin],
    })
    .catch((error: unknown) => {
      rmSync(staging, { recursive: true, force: true })
      throw error
    })
  const bundles: Record<string, string> = {}
  for (const entry of sorted) bundles[entry] = relative(root, join(outDir, entry.replace(/\.tsx?$/, '.mjs')))
  const inputs = Object.keys(result.metafile.inputs)
    .filter((file) => !file.includes('node_modules/'))
    .sort()
  const velite = inputs.find((file) => file.startsWith('.velite/'))
  if (velite) throw new Error(`step scripts: ${velite} was bundled; velite's output must be read when the step runs`)
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(dirname(outDir), { recursive: true })
  renameSync(staging, outDir)
  replaceFile(join(outDir, 'manifest.json'), JSON.stringify({ version: VERSION, tool, bundles, inputs, inputsHash: hashOf(root, inputs) } satisfies Manifest))
  return new Map(Object.entries(bundles).map(([entry, bundle]) => [entry, join(root, bundle)]))
}
