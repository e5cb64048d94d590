// The submit-lead Edge Function as production runs it: `deno serve` of its default export under
// the pinned Deno (@deno/linux-x64-glibc), on a free loopback port, with the environment given.
// Resolves with its URL once Deno prints that it listens; `output()` is everything it printed.
import { spawn, type ChildProcess } from 'node:child_process'
import { stripVTControlCharacters } from 'node:util'
import path from 'node:path'

export const DENO = path.resolve('node_modules/@deno/linux-x64-glibc/deno')
export const FUNCTION_DIR = path.resolve('supabase/functions/submit-lead')
export const DENO_CONFIG = ['--config', path.join(FUNCTION_DIR, 'deno.json'), '--frozen']
// Deno colours its output whenever FORCE_COLOR is set, even to 0 and beside NO_COLOR, and the
// listening line is read below: so the variable is dropped, and the line read without colours.
const { FORCE_COLOR: _forced, ...inherited } = process.env
export const denoEnv = { ...inherited, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' }

export interface DenoServed {
  child: ChildProcess
  url: string
  output(): string
  /** Resolves once the process has exited (after kill). */
  exited: Promise<void>
}

export function denoServe(extraEnv: Record<string, string>): Promise<DenoServed> {
  const child = spawn(
    DENO,
    ['serve', '--host', '127.0.0.1', '--port', '0', '--allow-net', '--allow-env', '--allow-sys=hostname', ...DENO_CONFIG, path.join(FUNCTION_DIR, 'index.ts')],
    { env: { ...denoEnv, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    let output = ''
    let listening = false
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const m = /Listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(stripVTControlCharacters(output))
      if (m && !listening) {
        listening = true
        resolve({ child, url: m[1] as string, output: () => output, exited })
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.on('exit', (code) => reject(new Error(`deno serve exited with ${code}:\n${output}`)))
  })
}
