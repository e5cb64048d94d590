import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig, type Plugin } from 'vite'

/**
 * Vite wraps every dynamic import() in a 0.9 KB helper that preloads the imported chunk's own
 * imports and CSS. Our lazy chunks (zod on the forms, the admin app) have no CSS, and one round
 * trip more for their imports costs nothing a buyer sees; the 0.9 KB is first-load JavaScript on
 * every island (issue 14: forms ≤ 72 KB). So the helper becomes a plain call.
 */
function plainDynamicImports(): Plugin {
  const id = '\0vite/preload-helper.js'
  return {
    name: 'elastinet:plain-dynamic-imports',
    enforce: 'pre',
    apply: 'build',
    resolveId: (source) => (source === id ? id : undefined),
    load: (source) => (source === id ? 'export const __vitePreload = (load) => load()' : undefined),
  }
}

export default defineConfig({
  plugins: [plainDynamicImports(), react(), vike()],
  build: { target: 'es2022' },
})
