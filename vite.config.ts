import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'

// Configuration only: nothing here rewrites what Rolldown emits (islands: budgets.json says why).

export default defineConfig({
  plugins: [react(), vike()],
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
  environments: {
    // The prerender imports velite's output (JSON modules) from .velite/ at run time instead of
    // compiling all content into a chunk; the absolute path is fine: dist/server is never deployed.
    ssr: {
      build: {
        rolldownOptions: {
          external: (id, _importer, resolved) => resolved && id.endsWith('/.velite/index.js'),
          makeAbsoluteExternalsRelative: false,
        },
      },
    },
  },
})
