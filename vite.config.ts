import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, isAbsolute, relative } from 'node:path/posix'
import { defineConfig, type LogLevel, type Plugin } from 'vite'

/**
 * Vite wraps every dynamic import() in a 0.9 KB helper that preloads the imported chunk's own
 * imports and CSS. Our lazy chunks (zod on the forms, the admin app) have no CSS, and one round
 * trip more for their imports costs nothing a buyer sees; the 0.9 KB is first-load JavaScript on
 * every island (issue 14: forms ≤ 72 KB). So the helper becomes a plain call.
 */
function plainDynamicImports(): Plugin {
  const id = '\0vite/preload-helper.js'
  const MAP_DEPS = /const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=\[[^\]]*\]\)\)\)=>i\.map\(i=>d\[i\]\);\n?/
  return {
    name: 'elastinet:plain-dynamic-imports',
    enforce: 'post',
    apply: 'build',
    resolveId: { order: 'pre', handler: (source) => (source === id ? id : undefined) },
    load: { order: 'pre', handler: (source) => (source === id ? 'export const __vitePreload = (load) => load()' : undefined) },
    // Vite also writes each dynamic import's dependency list into the importing chunk (file
    // names, about 0.2 KB gzip); the plain helper never reads it. Runs after Vite inserts it.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.code.includes('__vite__mapDeps')) continue
          const code = chunk.code.replace(MAP_DEPS, '').replace(/__vite__mapDeps\(\[[\d,]*\]\)/g, 'void 0')
          if (code.includes('__vite__mapDeps')) this.error(`vite.config.ts: could not remove __vite__mapDeps from ${chunk.fileName}`)
          chunk.code = code
        }
      },
    },
  }
}

/**
 * Vike adds a code-splitting group for CSS whose name is a function (its workaround for a Vite
 * CSS duplication bug); Rolldown then warns, twice per build, that its timing report cannot name
 * the group. Naming every such group silences that warning and nothing else.
 */
function nameCodeSplittingGroups(): Plugin {
  return {
    name: 'elastinet:name-code-splitting-groups',
    apply: 'build',
    outputOptions(options) {
      const split = options.codeSplitting
      if (!split || typeof split !== 'object') return
      for (const [i, group] of (split.groups ?? []).entries()) {
        if (typeof group.name === 'function' && !group.debugName) group.debugName = `group-${i}`
      }
    },
  }
}

/**
 * Where a module imported a stylesheet, Vite leaves a comment padded to the import's length,
 * "/* empty css" and 22 spaces, in the minified chunk (0.015 KB gzip in every island entry).
 */
function dropEmptyCssComments(): Plugin {
  return {
    name: 'elastinet:drop-empty-css-comments',
    enforce: 'post',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') chunk.code = chunk.code.replace(/\/\* empty css {0,80}\*\//g, '')
      },
    },
  }
}

/**
 * Rolldown keeps its runtime helpers (CommonJS interop, 0.4 KB gzip) in a file of their own
 * whenever chunks that do not load React use them too (the admin's CSV export, papaparse), so
 * every island fetched a third file for them. The React chunk gets its own copy instead, and
 * the chunks that already import the React chunk (the island entries, the admin island, lazy
 * chunks using React) take the helpers from there: 0.15 KB less first load per island and one
 * request fewer. The helpers are pure functions, so two copies behave as one; the standalone
 * file stays for the chunks without React. Runs after every other change to the chunks.
 */
function runtimeInReactChunk(): Plugin {
  const RUNTIME = '\0rolldown/runtime.js'
  const PREFIX = '$rt$'
  return {
    name: 'elastinet:runtime-in-react-chunk',
    enforce: 'post',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk')
        const runtime = chunks.find((c) => c.moduleIds.length === 1 && c.moduleIds[0] === RUNTIME)
        const reactChunk = chunks.find((c) => c.name === 'react')
        if (!runtime || !reactChunk) return
        const fail = (why: string) => this.error(`vite.config.ts (runtimeInReactChunk): ${why}; the Rolldown output changed`)
        const exported = /export\{([^}]*)\};?\s*$/.exec(runtime.code)
        if (!exported) return fail(`no export list at the end of ${runtime.fileName}`)
        // "s as n,l as r,o as t": local name → exported name
        const names = exported[1]!.split(',').map((spec) => spec.split(' as ') as [string, string?])
        const helpers = names.map(([local, name = local]) => `${name}:${local}`).join(',')
        const copies = names.map(([local, name = local]) => `${name}:${PREFIX}${name}`).join(',')
        const body = runtime.code.slice(0, exported.index)
        /** `import{t as e,n}from"<runtime>";` in `chunk`, as a regular expression. */
        const importOf = (chunk: typeof runtime) => {
          const from = relative(dirname(chunk.fileName), runtime.fileName)
          const path = (from.startsWith('.') ? from : `./${from}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          return new RegExp(`import\\{([^}]*)\\}from"${path}";`)
        }
        const specs = (list: string) => list.split(',').map((spec) => spec.split(' as ') as [string, string?])

        // The React chunk: the helpers inline, under $rt$ names it also exports.
        if (reactChunk.code.includes(PREFIX)) return fail(`${reactChunk.fileName} already uses ${PREFIX}`)
        const own = importOf(reactChunk).exec(reactChunk.code)
        if (!own) return fail(`${reactChunk.fileName} does not import ${runtime.fileName}`)
        const aliases = specs(own[1]!).map(([name, local = name]) => `${local}=${PREFIX}${name}`)
        let code = reactChunk.code.replace(own[0], () => `var{${copies}}=(()=>{${body}return{${helpers}}})()${aliases.map((a) => `,${a}`).join('')};`)
        const exports = /export\{([^}]*)\};?(\s*(?:\/\/# sourceMappingURL=\S*\s*)?)$/.exec(code)
        if (!exports) return fail(`no export list at the end of ${reactChunk.fileName}`)
        const extra = names.map(([local, name = local]) => `${PREFIX}${name}`).join(',')
        code = `${code.slice(0, exports.index)}export{${exports[1]},${extra}};${exports[2]}`
        reactChunk.code = code
        reactChunk.imports = reactChunk.imports.filter((f) => f !== runtime.fileName)

        // Chunks that load React anyway take the helpers from it.
        for (const chunk of chunks) {
          if (chunk === runtime || chunk === reactChunk || !chunk.imports.includes(runtime.fileName) || !chunk.imports.includes(reactChunk.fileName)) continue
          const found = importOf(chunk).exec(chunk.code)
          if (!found) return fail(`${chunk.fileName} lists ${runtime.fileName} but does not import it`)
          const relativePath = relative(dirname(chunk.fileName), reactChunk.fileName)
          const from = relativePath.startsWith('.') ? relativePath : `./${relativePath}`
          const list = specs(found[1]!)
            .map(([name, local = name]) => `${PREFIX}${name} as ${local}`)
            .join(',')
          // Into the chunk's import of the React chunk.
          const reactImport = `}from"${from}";`
          const at = chunk.code.indexOf(reactImport)
          if (at < 0) return fail(`${chunk.fileName} lists ${reactChunk.fileName} but has no import{…} of it`)
          chunk.code = `${chunk.code.slice(0, at)},${list}${chunk.code.slice(at)}`.replace(found[0], '')
          chunk.imports = chunk.imports.filter((f) => f !== runtime.fileName)
        }
      },
    },
  }
}

/**
 * React, react-dom and scheduler: one chunk that every island page loads first and that stays
 * cached from one island to the next. (Vite's preload helper, a one-liner after
 * plainDynamicImports, joins it rather than becoming a file of its own. The Rolldown runtime
 * helper cannot join a group: runtimeInReactChunk copies it in afterwards.)
 */
const REACT = /node_modules\/(react|react-dom|scheduler)\/|vite\/preload-helper/

/** An island page's own directory, or a module already copied for one (see islandPerPage). */
const ISLAND_PAGE = /\/pages\/interactive\/(contact|quote|samples|size-selector)\/|\?island=(contact|quote|samples|size-selector)$/

/**
 * Every island page (contact, quote, samples, size selector) gets its own copy of our code: a
 * module the page imports, directly or through others, is loaded under the id
 * "<file>?island=<page>". So an island's first load is React plus one entry file holding
 * exactly the code that page uses (renderer, i18n, the form frame and fields, the progressive
 * enhancement), instead of chunks shared by several pages that carry code some of them never
 * run and compress apart: 0.2 to 0.9 KB gzip less per form page (issue 14: forms ≤ 72 KB). The
 * price: a buyer who opens a second island downloads its 4-5 KB again (React stays cached).
 *
 * Module state is per copy, which is right as each page runs exactly one copy: the React
 * contexts (lib/i18n/context.tsx, links, page data) are created once per page. import() keeps
 * the page only for the page's own directory (size-selector/result.tsx renders inside the
 * page's contexts); the lazily loaded shared code (sending and zod, the captcha, the message
 * parser) stays one copy for all pages and must not read those contexts. node_modules and CSS
 * are never copied; the admin island and content pages use the plain ids. Client build only:
 * the server renders from the plain modules.
 */
function islandPerPage(): Plugin {
  return {
    name: 'elastinet:island-per-page',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      const page = importer && ISLAND_PAGE.exec(importer)
      if (!page) return
      const name = page[1] ?? page[2]
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      if (!resolved || resolved.external || resolved.id.includes('?') || resolved.id.includes('/node_modules/') || !/\.tsx?$/.test(resolved.id)) return resolved
      const dynamic = (options as { kind?: string }).kind === 'dynamic-import'
      if (dynamic && !resolved.id.includes(`/pages/interactive/${name}/`)) return resolved
      return { ...resolved, id: `${resolved.id}?island=${name}` }
    },
  }
}

/**
 * The server build reads velite's output (.velite/*.json) when the prerender starts instead of
 * bundling it: Rolldown compiled the JSON into one JavaScript chunk that grows with the content
 * (10 MB at 16× the catalogue; issue 14: build cost per page), then Node parsed that chunk again
 * as JavaScript. JSON.parse at run time is the same data for a fraction of the work. The server
 * build only prerenders in this checkout (Vike removes dist/server afterwards), so the absolute
 * path it records is never deployed.
 */
function veliteJsonAtRuntime(): Plugin {
  const PREFIX = '\0velite-json:'
  return {
    name: 'elastinet:velite-json-at-runtime',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    async resolveId(source, importer, options) {
      if (!source.endsWith('.json') || !importer?.includes('/.velite/')) return
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved && !resolved.external ? PREFIX + resolved.id.replace(/\.json$/, '') : undefined
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return
      const file = `${id.slice(PREFIX.length)}.json`
      return `import { readFileSync } from 'node:fs'\nexport default JSON.parse(readFileSync(${JSON.stringify(file)}, 'utf8'))\n`
    },
  }
}

/**
 * Records the files Vite read for each bundle, in .generated/vike-inputs-<environment>.json. A
 * rebuild reuses the bundles only while none of its code changed (scripts/pages.ts); the files read
 * outside the input folders it always hashes (INPUT_FOLDERS in lib/build/page-snapshot.ts) are
 * added to that fingerprint. Packages are covered by package-lock.json.
 */
function recordInputs(): Plugin {
  return {
    name: 'elastinet:record-inputs',
    apply: 'build',
    buildEnd() {
      const files = new Set<string>()
      for (const id of this.getModuleIds()) {
        const file = id.split('?')[0]!
        if (isAbsolute(file) && !file.includes('/node_modules/') && existsSync(file)) files.add(relative(process.cwd(), file))
      }
      mkdirSync('.generated', { recursive: true })
      writeFileSync(`.generated/vike-inputs-${this.environment.name}.json`, JSON.stringify([...files].sort()))
    },
  }
}

export default defineConfig({
  // `npm test` builds with BUILD_LOG_LEVEL=warn (scripts/build-quiet.ts): no file listing.
  logLevel: (process.env.BUILD_LOG_LEVEL as LogLevel | undefined) ?? 'info',
  plugins: [
    veliteJsonAtRuntime(),
    recordInputs(),
    islandPerPage(),
    plainDynamicImports(),
    runtimeInReactChunk(),
    dropEmptyCssComments(),
    nameCodeSplittingGroups(),
    react(),
    vike(),
  ],
  // The local backend's port for local builds (lib/supabase/config.ts); a number, never a key.
  define: {
    'import.meta.env.VITE_SUPABASE_PORT': JSON.stringify(process.env.VITE_SUPABASE_PORT ?? process.env.SUPABASE_PORT ?? ''),
  },
  build: {
    target: 'es2022',
    // Gzip sizes of every output file in the log: 0.3 s per build at 16× content, and nobody reads
    // them there. `npm run bench` measures what a buyer downloads (tests/helpers/page-weight.ts).
    reportCompressedSize: false,
    rolldownOptions: {
      // Vike prerenders every page inside its writeBundle hook, so from 2,000 pages up Rolldown counts
      // the prerender as plugin time and warns (PLUGIN_TIMINGS); `npm run bench` times the steps.
      checks: { bundlerTimings: false },
      output: { codeSplitting: { groups: [{ name: 'react', test: REACT, includeDependenciesRecursively: false }] } },
    },
  },
})
