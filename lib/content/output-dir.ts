// Where velite writes the validated content and where the site reads it back: .velite/, or the
// folder CONTENT_OUT names (tests and the dev-server test build a temporary copy of the content
// without touching the real .velite/). velite.config.ts, lib/content/data.ts and the dev server
// (scripts/dev.ts, server/dev/content-reload.ts) all take it from here.
import { resolve } from 'node:path'

export const contentOutDir = () => resolve(process.env.CONTENT_OUT ?? '.velite')
