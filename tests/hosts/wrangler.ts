// Starts `wrangler pages dev dist/client` (Cloudflare's own Pages asset handler in workerd, offline)
// on free ports, for the host-fidelity tests.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const address = s.address()
      s.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))))
    })
  })
}

export async function startWrangler(root: string): Promise<{ url: string; stop: () => void }> {
  const [port, inspector] = [await freePort(), await freePort()]
  const state = mkdtempSync(join(tmpdir(), 'wrangler-state-'))
  const args = [
    'pages',
    'dev',
    root,
    '--compatibility-date=2026-01-01',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--inspector-port',
    String(inspector),
    '--persist-to',
    state,
    '--log-level',
    'error',
    '--show-interactive-dev-session=false',
  ]
  const child: ChildProcess = spawn(process.execPath, ['node_modules/wrangler/bin/wrangler.js', ...args], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_API_TOKEN: '', CF_PAGES: '' },
  })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      // already gone
    }
    rmSync(state, { recursive: true, force: true })
  }
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 45_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break
    try {
      await fetch(url + '/robots.txt')
      return { url, stop }
    } catch {
      await new Promise((r) => setTimeout(r, 250))
    }
  }
  stop()
  throw new Error(`wrangler pages dev did not start within 45 s:\n${output.slice(-2000)}`)
}
