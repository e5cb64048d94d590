import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react(), vike()],
  build: { target: 'es2022' },
  // The local backend's port for local builds (lib/supabase/config.ts); a number, never a key.
  define: {
    'import.meta.env.VITE_SUPABASE_PORT': JSON.stringify(process.env.VITE_SUPABASE_PORT ?? process.env.SUPABASE_PORT ?? ''),
  },
})
