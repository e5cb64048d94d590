// The prerender run scripts/prerender.ts starts: Vike's documented prerender()
// (https://vike.dev/api#prerender), in plain Node, so that tsx's loader hooks never see the
// modules Vite and Vike load.
import { prerender } from 'vike/api'

await prerender()
