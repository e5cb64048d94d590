import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
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
 * One chunk for what every island needs first (React, react-dom, the renderer's root, i18n,
 * links, the page script under its "?island" id, see renderer/hydrate-island.tsx): split in
 * several files it compressed worse and cost up to 1 KB gzip of first load. Not recursive:
 * renderer/enhance.ts itself (content pages) must stay out of it, or content pages would load
 * React. (The Rolldown runtime helper, 0.4 KB, cannot join a group and stays a file of its own.)
 */
const ISLAND_RUNTIME =
  /node_modules\/(react|react-dom|scheduler)\/|\/renderer\/(hydrate-island|page-root|island-props)\.|\/lib\/i18n\/|\/components\/(routing\/links|page-data|error-boundary)\.|\/components\/forms\/captcha-key\.|\/renderer\/enhance\.ts\?island$|vite\/preload-helper/

export default defineConfig({
  // `npm test` builds with BUILD_LOG_LEVEL=warn (scripts/build-quiet.ts): no file listing.
  logLevel: (process.env.BUILD_LOG_LEVEL as LogLevel | undefined) ?? 'info',
  plugins: [plainDynamicImports(), react(), vike()],
  // The local backend's port for local builds (lib/supabase/config.ts); a number, never a key.
  define: {
    'import.meta.env.VITE_SUPABASE_PORT': JSON.stringify(process.env.VITE_SUPABASE_PORT ?? process.env.SUPABASE_PORT ?? ''),
  },
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'island-runtime', test: ISLAND_RUNTIME, includeDependenciesRecursively: false }] } },
    },
  },
})
