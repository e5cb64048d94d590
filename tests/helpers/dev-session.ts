// Starts `npm run dev` (scripts/dev.ts) on a free port against a temporary COPY of content/, for
// the dev-server test (tests/unit/dev-server.test.ts). The real content/ and .velite/ are never touched.
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
  // Every wait (waitFor) checks again on each report, each line of output and the server's exit.
  const waiters = new Set<() => void>()
  const wake = () => {
    for (const check of waiters) check()
  }
  child.on('message', (message: Partial<ContentBuild>) => {
    if (message.contentBuild !== 'started' && message.contentBuild !== 'ended') return // tsx may use the channel too
    builds.push({ index: builds.length, contentBuild: message.contentBuild, changedDuringBuild: message.changedDuringBuild })
    wake()
  })
  child.stdout!.on('data', (d) => {
    output += d
    wake()
  })
  child.stderr!.on('data', (d) => (output += d))
  child.on('exit', wake)

  /**
   * What `find` returns, once it returns something; rejects with `failure(why)` when the server
   * exits first or after `withinMs`.
   */
  const waitFor = <T>(find: () => T | undefined, what: string, withinMs: number, failure: (why: string) => Error) =>
    new Promise<T>((done, fail) => {
      const timer = setTimeout(() => settle(failure(`waited ${withinMs / 1000} s for ${what}`)), withinMs)
      const check = () => {
        const found = find()
        if (found !== undefined) settle(undefined, found)
        else if (child.exitCode !== null) settle(failure(`dev server exited while waiting for ${what}`))
      }
      const settle = (error?: Error, found?: T) => {
        clearTimeout(timer)
        waiters.delete(check)
        if (found !== undefined) done(found)
        else fail(error)
      }
      waiters.add(check)
      check()
    })
  const build = (event: ContentBuild['contentBuild'], from: number, withinMs = 60_000) =>
    waitFor(
      () => builds.find((b) => b.index >= from && b.contentBuild === event),
      `a content build ${event}`,
      withinMs,
      (why) => new Error(`${why} (builds from ${from}: ${JSON.stringify(builds.slice(from))}):\n${output.slice(-3000)}`),
    )
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((done) => child.once('exit', done))
    }
    rmSync(dir, { recursive: true, force: true })
  }
  // Ready once the server prints its address.
  try {
    await waitFor(
      () => output.includes('Dev site:') || undefined,
      'its address',
      timeoutMs,
      (why) => new Error(`dev server did not start (${why}):\n${output}`),
    )
  } catch (error) {
    await stop()
    throw error
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
