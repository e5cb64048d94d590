// What the peer benchmarks (astro.ts, hugo.ts) share: one of our built pages as Markdown, and
// the timing of a peer's build, counted as our build steps are (scripts/build-steps.ts).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { cpuTimedArgv, splitCpuTime } from '../build'

export type PeerBuild = { name: string; version: string; pages: number; wallMs: number; cpuMs: number; ok: boolean; tail: string }

/** Wall and CPU time (user + system, all descendants) of a shell command, counted as our build steps are. */
export function timed(command: string, cwd: string): { wallMs: number; cpuMs: number; ok: boolean; tail: string } {
  const { cmd, args } = cpuTimedArgv(['bash', '-c', `${command} > .bench-out.log 2>&1`])
  const start = performance.now()
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' })
  const wallMs = performance.now() - start
  const { cpuMs } = splitCpuTime(r.stderr ?? '')
  const log = existsSync(join(cwd, '.bench-out.log')) ? readFileSync(join(cwd, '.bench-out.log'), 'utf8') : ''
  return { wallMs, cpuMs, ok: r.status === 0, tail: log.trim().split('\n').slice(-3).join('\n') }
}

const decode = (s: string) =>
  s
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
const yamlString = (s: string) => JSON.stringify(s)

/** One of our built pages as Markdown with front matter: the text a buyer reads, in its order. */
export function pageAsMarkdown(html: string): string | undefined {
  const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1]
  if (!main) return undefined
  const title = decode(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '')
  const description = decode(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '')
  const lang = /<html lang="([^"]+)"/.exec(html)?.[1] ?? 'en'
  const dir = /<html[^>]* dir="(rtl|ltr)"/.exec(html)?.[1] ?? 'ltr'
  const blocks = [...main.matchAll(/<(h[1-4]|p|li|th|td|dt|dd)\b[^>]*>([\s\S]*?)<\/\1>/g)]
    .map(([, tag, inner]) => {
      const text = decode(inner!)
      if (!text) return ''
      if (tag!.startsWith('h')) return `${'#'.repeat(Number(tag![1]))} ${text}`
      if (tag === 'li' || tag === 'dt' || tag === 'dd') return `- ${text}`
      return text
    })
    .filter(Boolean)
  return `---\ntitle: ${yamlString(title)}\ndescription: ${yamlString(description)}\nlang: ${lang}\ndir: ${dir}\n---\n\n${blocks.join('\n\n')}\n`
}

/**
 * Writes each of our built pages (`htmlFiles`, paths under `dist`) that has a <main> as a
 * Markdown file at `target(its path relative to dist)`, passed through `edit`;
 * returns how many it wrote.
 */
export function writePagesAsMarkdown(dist: string, htmlFiles: string[], target: (path: string) => string, edit = (md: string) => md): number {
  let pages = 0
  for (const file of htmlFiles) {
    const md = pageAsMarkdown(readFileSync(file, 'utf8'))
    if (!md) continue
    const to = target(relative(dist, file))
    mkdirSync(dirname(to), { recursive: true })
    writeFileSync(to, edit(md))
    pages++
  }
  return pages
}
