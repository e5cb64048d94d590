// Starts `npm run dev` (scripts/dev.ts) on a free port against a temporary COPY of content/, for
// the dev-server test (tests/unit/dev-server.test.ts) and the edit-to-screen benchmark
// (scripts/bench/dev-reload.ts). The real content/ and .velite/ are never touched.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/** A content build as the dev server reports it over IPC (scripts/dev.ts); `index` is its place in `builds`. */
export type ContentBuild = { index: number; contentBuild: 'started' | 'ended'; changedDuringBuild?: boolean }

export type DevSession = {
  url: string
  content: string
  log: () => string
  /** Rewrites a file of the content copy ("pages/about/en.yml"). */
  edit(file: string, change: (text: string) => string): void
  read(file: string): string
  /** Every content build start and end reported so far, in order. */
  builds: ContentBuild[]
  /**
   * The first report of `event` at index `from` of `builds` or later, once the server sends it;
   * rejects, with the reports and the server's output, when the server exits or after `withinMs`.
   */
  build(event: ContentBuild['contentBuild'], from: number, withinMs?: number): Promise<ContentBuild>
  stop(): Promise<void>
}

export const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => done(port))
    })
  })

const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'TEST'))

export async function startDevSession(timeoutMs = 180_000): Promise<DevSession> {
  const dir = mkdtempSync(join(tmpdir(), 'dev-content-'))
  const content = join(dir, 'content')
  cpSync(resolve('content'), content, { recursive: true })
  const port = await freePort()
  let output = ''
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
    // Not vitest's NODE_ENV=test: under it Vike's dev server answers every page with 404.
    env: {
      ...cleanEnv(),
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      CONTENT_DIR: content,
      CONTENT_OUT: join(dir, 'velite'),
      DEV_BACKEND: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  const builds: ContentBuild[] = []
  const waiters = new Set<() => void>()
  child.on('message', (message: Partial<ContentBuild>) => {
    if (message.contentBuild !== 'started' && message.contentBuild !== 'ended') return // tsx may use the channel too
    builds.push({ index: builds.length, contentBuild: message.contentBuild, changedDuringBuild: message.changedDuringBuild })
    for (const wake of waiters) wake()
  })
  const build = (event: ContentBuild['contentBuild'], from: number, withinMs = 60_000) =>
    new Promise<ContentBuild>((done, fail) => {
      const failure = (why: string) => new Error(`${why} (builds from ${from}: ${JSON.stringify(builds.slice(from))}):\n${output.slice(-3000)}`)
      const timer = setTimeout(() => settle(failure(`no content build ${event} within ${withinMs / 1000} s`)), withinMs)
      const check = () => {
        const found = builds.find((b) => b.index >= from && b.contentBuild === event)
        if (found) settle(undefined, found)
        else if (child.exitCode !== null) settle(failure(`dev server exited before a content build ${event}`))
      }
      const settle = (error?: Error, found?: ContentBuild) => {
        clearTimeout(timer)
        waiters.delete(check)
        child.off('exit', check)
        if (found) done(found)
        else fail(error)
      }
      waiters.add(check)
      child.on('exit', check)
      check()
    })
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((done) => child.once('exit', done))
    }
    rmSync(dir, { recursive: true, force: true })
  }
  // Ready when the server prints its address; waited for on the output and exit events.
  const ready = await new Promise<boolean>((settle) => {
    const check = () => {
      if (output.includes('Dev site:')) done(true)
      else if (child.exitCode !== null) done(false)
    }
    const timer = setTimeout(() => done(false), timeoutMs)
    const done = (ok: boolean) => {
      clearTimeout(timer)
      child.stdout!.off('data', check)
      child.off('exit', check)
      settle(ok)
    }
    child.stdout!.on('data', check)
    child.on('exit', check)
    check()
  })
  if (!ready) {
    await stop()
    throw new Error(`dev server did not start${child.exitCode === null ? ` within ${timeoutMs / 1000} s` : ''}:\n${output}`)
  }
  return {
    url,
    content,
    log: () => output,
    edit: (file, change) => writeFileSync(join(content, file), change(readFileSync(join(content, file), 'utf8'))),
    read: (file) => readFileSync(join(content, file), 'utf8'),
    builds,
    build,
    stop,
  }
}
