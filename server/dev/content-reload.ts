// Vite plugin for `npm run dev` (docs/ARCHITECTURE.md §5). velite (scripts/dev.ts) rewrites .velite/
// after every content edit; pages read it on the server only, through lib/content/data.ts, which
// reads velite's files itself, so Vite would neither re-run the modules that hold content nor tell
// the browser. This plugin:
//   - drops lib/content/data.ts and every server module that (transitively) imports it, so the
//     next request reads the new content and renders it;
//   - tells the open page to reload;
//   - while .velite/problems.json lists content problems, answers page requests with an error
//     page naming file, line and field (the page reloads by itself once they are fixed).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { EnvironmentModuleNode, Plugin, ViteDevServer } from 'vite'
import { contentOutDir } from '../../lib/content/output-dir'
import { formatProblem, type Problem } from '../../lib/content/problems'

/** The one module that reads velite's output (lib/content/data.ts). */
const CONTENT_MODULE = fileURLToPath(new URL('../../lib/content/data.ts', import.meta.url))

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function problemsPage(problems: Problem[]): string {
  const items = problems
    .map(
      (p) =>
        `<li><code>${escapeHtml(p.file)}${p.line ? `:${p.line}` : ''}</code>${p.field ? ` <b>${escapeHtml(p.field)}</b>` : ''}<br>${escapeHtml(p.message)}</li>`,
    )
    .join('\n')
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Content problem</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;max-width:60rem;color:#222}h1{color:#b00020}li{margin:.75rem 0}code{background:#f3f3f3;padding:.1rem .3rem}</style>
<script type="module" src="/@vite/client"></script></head><body>
<h1>${problems.length} content problem${problems.length === 1 ? '' : 's'}</h1>
<p>Fix ${problems.length === 1 ? 'it' : 'them'} and save: this page reloads by itself. Nothing was published; the server keeps running.</p>
<ol>
${items}
</ol>
<pre hidden>${escapeHtml(problems.map(formatProblem).join('\n'))}</pre>
</body></html>`
}

/** Requests for pages ("/en/about/"), not for Vite's modules, assets or the HMR client. */
const isPageRequest = (method = 'GET', url = '') => {
  const path = url.split('?')[0]!.replace(/\/index\.html$/, '/')
  return (method === 'GET' || method === 'HEAD') && !/^\/(@|__|node_modules\/)/.test(path) && !/\.[a-z0-9]+$/i.test(path)
}

export function contentReload(outDir = contentOutDir()): Plugin {
  const problemsFile = join(outDir, 'problems.json')
  const readProblems = (): Problem[] => {
    try {
      return existsSync(problemsFile) ? (JSON.parse(readFileSync(problemsFile, 'utf8')) as Problem[]) : []
    } catch {
      return [] // being written: the next change event reads it again
    }
  }
  let problems: Problem[] = []

  // velite rewrites every output file on each rebuild; the pages run again only when the text of
  // one of them changed.
  const seenText = new Map<string, string>()
  const changedFiles = () =>
    readdirSync(outDir)
      .filter((name) => /\.(json|js)$/.test(name) && name !== 'problems.json')
      .map((name) => join(outDir, name))
      .filter((file) => {
        const text = readFileSync(file, 'utf8')
        if (seenText.get(file) === text) return false
        seenText.set(file, text)
        return true
      })

  const invalidate = (server: ViteDevServer) => {
    const graph = server.environments.ssr.moduleGraph
    const seen = new Set<EnvironmentModuleNode>()
    const queue = [...(graph.getModulesByFile(CONTENT_MODULE) ?? [])]
    while (queue.length) {
      const mod = queue.pop()!
      if (seen.has(mod)) continue
      seen.add(mod)
      graph.invalidateModule(mod)
      queue.push(...mod.importers)
    }
    return seen.size
  }

  return {
    name: 'content-reload',
    apply: 'serve',
    enforce: 'pre',
    configureServer(server) {
      problems = readProblems()
      changedFiles() // remember the output as it is now
      server.watcher.add(outDir)
      let timer: NodeJS.Timeout | undefined
      server.watcher.on('all', (_event, file) => {
        if (!file.startsWith(outDir)) return
        // velite writes several files per rebuild: act once, after the last one.
        clearTimeout(timer)
        timer = setTimeout(() => {
          const before = JSON.stringify(problems)
          problems = readProblems()
          const changed = changedFiles()
          // A build that changed nothing (a save without changes, an edit in lib/ that the
          // content does not show) leaves the open page as it is.
          if (!changed.length && JSON.stringify(problems) === before) return
          const dropped = changed.length ? invalidate(server) : 0
          server.environments.client.hot.send({ type: 'full-reload', path: '*' })
          const what = changed.map((f) => f.slice(outDir.length + 1)).join(', ') || 'no output'
          server.config.logger.info(
            problems.length
              ? `content: ${problems.length} problem(s), shown in the browser`
              : `content: ${what} changed (${dropped} server modules to run again)`,
            { timestamp: true },
          )
        }, 20)
      })
      server.middlewares.use((req, res, next) => {
        if (!problems.length || !isPageRequest(req.method, req.url)) return next()
        res.statusCode = 500
        res.setHeader('content-type', 'text/html; charset=utf-8')
        res.setHeader('cache-control', 'no-store')
        res.end(problemsPage(problems))
      })
    },
  }
}
