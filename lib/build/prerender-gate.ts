// The build starts the pages step beside the audit and the documents step (scripts/build-steps.ts):
// Vite bundles the client and the server while they run (or scripts/pages.ts links back the kept
// bundles), and the prerender, which reads what they write (reports/audit/summary.json,
// .generated/documents/manifest.json), waits for them here.
//
// The build passes PRERENDER_GATE, a file it writes once the steps beside `vike build` have all
// ended: {"failed": [names of the steps that failed]}, written whole (replaceFile). Without the
// variable (`vike build` run by hand, `npm run dev`) there is nothing to wait for.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { replaceFile } from './link-or-copy'

export const GATE_ENV = 'PRERENDER_GATE'

/** How the prerender's error begins when a step it waited for failed (scripts/build-quiet.ts shows just that line). */
export const STOPPED_AT_GATE = 'prerender: not started, because'

type Gate = { failed: string[] }

/** Called by the build when the steps beside `vike build` have ended. */
export function openGate(file: string, failed: string[]): void {
  replaceFile(file, JSON.stringify({ failed } satisfies Gate))
}

/** Removes a gate file left by an earlier build, before the steps start. */
export function resetGate(file: string): void {
  rmSync(file, { force: true })
}

/**
 * Waits until the gate in `env` is open; throws, naming them, when a step it waited for failed,
 * so that no page is rendered from an earlier build's audit summary or documents manifest.
 */
export async function waitForGate(env: NodeJS.ProcessEnv = process.env, { pollMs = 20, timeoutMs = 30 * 60_000 } = {}): Promise<void> {
  const file = env[GATE_ENV]
  if (!file) return
  const start = Date.now()
  while (!existsSync(file)) {
    if (Date.now() - start > timeoutMs)
      throw new Error(`prerender: gave up after ${timeoutMs / 60_000} min waiting for ${file} (the build writes it when the audit and the documents step end)`)
    await sleep(pollMs)
  }
  const gate = JSON.parse(readFileSync(file, 'utf8')) as Gate
  if (gate.failed.length) throw new Error(`${STOPPED_AT_GATE} ${gate.failed.join(' and ')} failed (see ${gate.failed.length > 1 ? 'their' : 'its'} output)`)
}
