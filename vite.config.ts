import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'

// The option Vike's server-entry plugin reads from the config (its package declares no type for it).
declare module 'vite' {
  interface UserConfig {
    vitePluginServerEntry?: { disableAutoImport?: boolean }
  }
}

// Configuration only: nothing here rewrites what Rolldown emits (islands: budgets.json says why).

export default defineConfig({
  plugins: [react(), vike()],
  // The prerender finds the server bundle in dist/server (outDir), not through the pointer Vike's
  // server-entry plugin would write into node_modules on every build: that file is no output of
  // build:bundle (turbo.json), so a build restored from the cache left it naming whichever checkout
  // last bundled with this node_modules, and a copy sharing it prerendered the other's site.
  vitePluginServerEntry: { disableAutoImport: true },
  // The local backend's port for local builds and `npm run dev` (lib/supabase/config.ts): the
  // SUPABASE_PORT that server/local-services.ts starts the backend on. A number, never a key.
  define: {
    'import.meta.env.VITE_SUPABASE_PORT': JSON.stringify(process.env.SUPABASE_PORT ?? ''),
  },
  build: {
    target: 'es2022',
    // No gzip sizes in the log: `npm run bench` and the budgets measure what a buyer downloads.
    reportCompressedSize: false,
    rolldownOptions: {
      // Vike prerenders inside its writeBundle hook, which Rolldown would report as slow plugin code.
      checks: { bundlerTimings: false },
      // React, react-dom, scheduler and Vite's import() helper in one chunk, cached from one island
      // page to the next.
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules\/(react|react-dom|scheduler)\/|vite\/preload-helper/, includeDependenciesRecursively: false }],
        },
      },
    },
  },
})
