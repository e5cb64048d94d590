import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig, type LogLevel } from 'vite'

export default defineConfig({
  // `npm test` builds with BUILD_LOG_LEVEL=warn (scripts/build-quiet.ts): no file listing.
  logLevel: (process.env.BUILD_LOG_LEVEL as LogLevel | undefined) ?? 'info',
  plugins: [react(), vike()],
  build: { target: 'es2022' },
  // The local backend's port for local builds (lib/supabase/config.ts); a number, never a key.
  define: {
    'import.meta.env.VITE_SUPABASE_PORT': JSON.stringify(process.env.VITE_SUPABASE_PORT ?? process.env.SUPABASE_PORT ?? ''),
  },
})
