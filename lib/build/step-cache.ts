// A build step that declares what it reads and writes (`cache` in scripts/build-steps.ts) is
// not run again while its inputs are unchanged and its outputs are as it left them, so that a
// build redoes only what changed. The build then shows what the step printed when it last
// ran. In .generated/steps/<step>.json: the key of its inputs, the size and time of every output
// file, and its output. Only a step that ended well is recorded. Deleting .generated/ is always
// safe: every step then runs.
import { createHash } from 'node:crypto'
import { mkdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { filesOf, hashFiles } from './files-under'
import { readVersionedJson } from './entry-store'
import { replaceFile } from './link-or-copy'
import { TYPE_ONLY_FILES } from './page-snapshot'

export const STEP_CACHE_DIR = '.generated/steps'
const VERSION = 1

export type StepCacheSpec = {
  /** Files and folders (every file below, at any depth) the step reads, relative to the project. */
  inputs: (env: NodeJS.ProcessEnv) => string[]
  /** Environment variables whose values change what the step does. */
  env: string[]
  /** Files and folders the step writes and later steps read. */
  outputs: (env: NodeJS.ProcessEnv) => string[]
}

type FileStat = [size: number, mtimeMs: number]
type StepRecord = { version: number; key: string; outputs: Record<string, FileStat>; output: string; at: string }

const recordFile = (root: string, step: string) => join(root, STEP_CACHE_DIR, `${step.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.json`)

/**
 * The key of a step's inputs: every input file's path and bytes (a missing input hashes as
 * missing), the values of its environment variables, Node's version and the project's folder.
 * The UI key type (TYPE_ONLY_FILES) is left out: it holds only types, and the UI key types step
 * rewrites it while other steps run.
 */
export function inputsKey(root: string, spec: StepCacheSpec, env: NodeJS.ProcessEnv): string {
  const hash = hashFiles(createHash('sha256').update(`${VERSION}\0${process.version}\0${resolve(root)}\0`), root, spec.inputs(env), TYPE_ONLY_FILES)
  for (const name of [...spec.env].sort()) hash.update(`${name}=${env[name] ?? '\0unset'}\0`)
  return hash.digest('hex')
}

function outputStats(root: string, spec: StepCacheSpec, env: NodeJS.ProcessEnv): Record<string, FileStat> {
  const stats: Record<string, FileStat> = {}
  for (const file of filesOf(root, spec.outputs(env))) {
    const s = statSync(join(root, file))
    stats[file] = [s.size, s.mtimeMs]
  }
  return stats
}

/**
 * What the step printed when it last ran, if it need not run now: the recorded key equals `key`
 * and every output file is there with the size and time it had then, and no other.
 */
export function reusableOutput(
  root: string,
  step: string,
  spec: StepCacheSpec,
  env: NodeJS.ProcessEnv,
  key: string,
): { output: string; at: string } | undefined {
  const record = readVersionedJson<StepRecord>(recordFile(root, step), VERSION)
  if (!record || record.key !== key) return undefined
  const now = outputStats(root, spec, env)
  const names = Object.keys(record.outputs)
  if (names.length !== Object.keys(now).length) return undefined
  for (const name of names) {
    const [was, is] = [record.outputs[name]!, now[name]]
    if (!is || was[0] !== is[0] || was[1] !== is[1]) return undefined
  }
  return { output: record.output, at: record.at }
}

/** After the step ended well: its key (computed before it ran), its outputs as it left them, and what it printed. */
export function recordStep(root: string, step: string, spec: StepCacheSpec, env: NodeJS.ProcessEnv, key: string, output: string): void {
  mkdirSync(join(root, STEP_CACHE_DIR), { recursive: true })
  const record: StepRecord = { version: VERSION, key, outputs: outputStats(root, spec, env), output, at: new Date().toISOString() }
  replaceFile(recordFile(root, step), JSON.stringify(record))
}
