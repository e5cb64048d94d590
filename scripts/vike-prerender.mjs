// One prerender run, as scripts/prerender.ts starts it (one per shard): Vike's documented
// prerender() (https://vike.dev/api#prerender), in plain Node, so that tsx's loader hooks never
// see the modules Vite and Vike load. renderer/+onPrerenderStart.ts tells the parent over IPC
// once Vike has loaded the project's config; the channel is closed at the end, or it would keep
// this process alive.
import { prerender } from 'vike/api'

try {
  await prerender()
} finally {
  if (process.connected) process.disconnect()
}
