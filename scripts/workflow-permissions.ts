// Does every job of a called (local reusable) workflow stay within what its caller grants?
// GitHub checks this when a run starts, for every job of the called workflow whatever its `if:`,
// and refuses the whole run otherwise ("The nested job 'x' is requesting 'pull-requests: write',
// but is only allowed 'pull-requests: none'"). actionlint does not check it, so a release could
// be unable to start while every linter passes; tests/unit/workflows.test.ts runs this.
//
// The rules, from GitHub's documentation of GITHUB_TOKEN permissions and reusable workflows:
// - a `permissions` map sets the listed scopes; every scope it leaves out is `none`;
//   `read-all` / `write-all` set every scope; `{}` sets all to `none`;
// - a job without `permissions` gets its workflow's; a workflow without them gets the
//   repository's default token. Which default a repository has is a setting this file cannot
//   see, so a caller that sets nothing is taken to grant the restricted default (contents and
//   packages read), the default of new repositories and organisations;
// - a called workflow's job (its own `permissions`, else its workflow's) may ask for no more
//   than the calling job has (`none` < `read` < `write`); a called job that sets nothing
//   inherits the caller's token and asks for nothing more;
// - a called workflow can call another one: the same rule applies at every level.
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml'

const LEVELS = ['none', 'read', 'write'] as const
type Level = (typeof LEVELS)[number]
export type Grant = Record<string, Level>

/** The GITHUB_TOKEN scopes a workflow may name (`metadata: read` is always granted). */
export const SCOPES = [
  'actions',
  'attestations',
  'checks',
  'contents',
  'deployments',
  'discussions',
  'id-token',
  'issues',
  'models',
  'packages',
  'pages',
  'pull-requests',
  'repository-projects',
  'security-events',
  'statuses',
] as const

const every = (level: Level): Grant => Object.fromEntries(SCOPES.map((s) => [s, level]))
/** What a workflow that sets no permissions gets on a repository with the restricted default. */
export const RESTRICTED_DEFAULT: Grant = { ...every('none'), contents: 'read', packages: 'read' }

/** `permissions:` as written (a map, `read-all`, `write-all` or absent) → a grant per scope. */
export function grantOf(value: unknown, where: string): Grant | undefined {
  if (value === undefined || value === null) return undefined
  if (value === 'read-all') return every('read')
  if (value === 'write-all') return every('write')
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`${where}: permissions must be a map, read-all or write-all, not ${JSON.stringify(value)}`)
  }
  const grant = every('none')
  for (const [scope, level] of Object.entries(value)) {
    if (!(SCOPES as readonly string[]).includes(scope)) throw new Error(`${where}: unknown permission scope "${scope}"`)
    if (!(LEVELS as readonly string[]).includes(level as string)) {
      throw new Error(`${where}: permission ${scope} must be none, read or write, not ${JSON.stringify(level)}`)
    }
    grant[scope] = level as Level
  }
  return grant
}

interface Workflow {
  path: string
  /** Started by an event of its own, not only called by other workflows. */
  root: boolean
  permissions?: unknown
  jobs: Record<string, { uses?: string; permissions?: unknown }>
  line: (...keys: string[]) => number
}

function load(path: string, text: string): Workflow {
  const lines = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lines })
  if (doc.errors.length > 0) throw new Error(`${path}: ${doc.errors[0]?.message}`)
  const data = doc.toJS() as { on?: unknown; permissions?: unknown; jobs?: unknown }
  if (!data || typeof data.jobs !== 'object' || data.jobs === null) throw new Error(`${path}: no jobs`)
  // The line of a key (`permissions:`, `preview:`), or of the file's start when it is absent.
  const line = (...keys: string[]) => {
    const parent = keys.length === 1 ? doc.contents : doc.getIn(keys.slice(0, -1), true)
    const pair = isMap(parent) ? parent.items.find((p) => isScalar(p.key) && p.key.value === keys.at(-1)) : undefined
    const key = pair?.key as { range?: [number] } | undefined
    return lines.linePos(key?.range?.[0] ?? 0).line
  }
  const events = typeof data.on === 'string' ? [data.on] : Array.isArray(data.on) ? data.on : Object.keys(data.on ?? {})
  const root = events.some((e) => e !== 'workflow_call')
  return { path, root, permissions: data.permissions, jobs: data.jobs as Workflow['jobs'], line }
}

/**
 * Every request by a called job that exceeds what its caller grants, as
 * "file:line: …" messages naming both jobs and the scope. `files` maps a workflow's path
 * (`.github/workflows/release.yml`) to its text; local `uses: ./.github/workflows/x.yml` calls are
 * followed, calls into other repositories are not.
 */
export function permissionFindings(files: Record<string, string>): string[] {
  const workflows = new Map(Object.entries(files).map(([path, text]) => [path, load(path, text)]))
  const findings: string[] = []

  const visit = (wf: Workflow, inherited: Grant, depth: number) => {
    for (const [id, job] of Object.entries(wf.jobs)) {
      if (typeof job?.uses !== 'string' || !job.uses.startsWith('./')) continue
      const where = `${wf.path}:${wf.line('jobs', id)}`
      const workflowGrant = grantOf(wf.permissions, `${wf.path}:${wf.line('permissions')}`)
      const grant = grantOf(job.permissions, `${wf.path}:${wf.line('jobs', id, 'permissions')}`) ?? workflowGrant ?? inherited
      const target = job.uses.replace(/^\.\//, '').replace(/@.*$/, '')
      const called = workflows.get(target)
      if (!called) {
        findings.push(`${where}: job "${id}" calls ${job.uses}, which is not among the workflows read`)
        continue
      }
      if (depth > 10) throw new Error(`${where}: reusable workflows nested more than 10 deep (a cycle?)`)
      const calledWorkflowAsks = grantOf(called.permissions, `${called.path}:${called.line('permissions')}`)
      for (const [calledId, calledJob] of Object.entries(called.jobs)) {
        const asksAt = calledJob?.permissions === undefined ? called.line('permissions') : called.line('jobs', calledId, 'permissions')
        const asks = grantOf(calledJob?.permissions, `${called.path}:${asksAt}`) ?? calledWorkflowAsks
        if (!asks) continue
        for (const scope of SCOPES) {
          const want = asks[scope] ?? 'none'
          const have = grant[scope] ?? 'none'
          if (LEVELS.indexOf(want) > LEVELS.indexOf(have)) {
            findings.push(
              `${called.path}:${asksAt}: job "${calledId}" asks for ${scope}: ${want}, but ${wf.path} job "${id}" (line ${wf.line('jobs', id)}) grants ${scope}: ${have}`,
            )
          }
        }
      }
      visit(called, grant, depth + 1)
    }
  }

  for (const wf of workflows.values()) if (wf.root) visit(wf, RESTRICTED_DEFAULT, 0)
  return findings
}
