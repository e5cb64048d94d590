// The benchmark report's shape (reports/bench.json) and its Markdown rendering (reports/bench.md).
import type { StepResult } from './build'
import type { PeerBuild, SiteWeight } from './peers/shared'
import { CATEGORIES, type LighthouseRun } from './lighthouse'
import type { TestTiming } from './npm-test'

export type BuildReport = {
  factor: number
  products: number
  guides: number
  pages: number
  redirectStubs: number
  ms: number
  /** user + system CPU of every build step */
  cpuMs: number
  /** The largest resident set of any process of the cold build, in KB (scripts/bench/cpu-time.py). */
  peakRssKb?: number
  /** Median HTML and stylesheet bytes of a page, to set beside the peers' (comparable weight). */
  weight?: SiteWeight
  msPerPage: number
  pagesPerSecond: number
  ok: boolean
  steps: StepResult[]
  /** Every warning line the build printed (scripts/bench/build.ts `isWarningLine`). */
  warnings: string[]
  notes: string[]
  /** The same pages built cold by Astro right after, every Astro cache deleted first (scripts/bench/peers/). */
  peer?: PeerBuild
  /** Hugo building the same pages, when installed (scripts/bench/peers/hugo.ts). */
  hugo?: PeerBuild
  /** The peer's second build of the same project, unchanged, its caches kept (warm). */
  peerRebuild?: PeerBuild
  /** The same copy built again unchanged after the peer, every cache in .generated/ warm; files that differ from the cold build's output. */
  rebuild?: { ms: number; cpuMs: number; ok: boolean; steps: StepResult[]; warnings: string[]; differsFromCold: string[] }
  /** Then built again after one content file was edited: the files that changed; at the smallest factor, what differs from a cold build of the same content. */
  edited?: { file: string; ms: number; cpuMs: number; ok: boolean; steps: StepResult[]; warnings: string[]; changed: string[]; differsFromCold?: string[] }
  /** Then built again after one Turkish UI string was edited (every Turkish page shows it): the files that changed. */
  uiEdited?: { file: string; ms: number; cpuMs: number; ok: boolean; steps: StepResult[]; warnings: string[]; changed: string[] }
}
export type Stat = { min: number; median: number; max: number }
export type TypeWeight = { type: string; pages: number; example: string; html: Stat; css: Stat; js: Stat }
export type LighthouseReport = {
  name: string
  locale: string
  url: string
  interactive: boolean
  placeholder: boolean
  withJs: LighthouseRun
  noJs: LighthouseRun
  lcpRatio: number
  tbtRatio: number | null
}
export type Target = { target: string; value?: number; met: boolean }
export type BenchReport = {
  generatedAt: string
  machine: { cpus: number; cpuModel?: string; memoryGb: number; node: string }
  build: BuildReport
  scale: BuildReport[]
  /** What the peer comparison left out, and why (Hugo not installed). */
  peerNotes?: string[]
  /** Medians of `runs` runs of `npm run audit` on its own; `inBuild`: its step in the build, beside other steps. */
  audit: { ms: number; selfMs: number | null; qaMs?: number | null; ok: boolean; tail: string; runs?: number; inBuild?: { ms: number; selfMs: number | null } }
  weights: TypeWeight[]
  lighthouse: LighthouseReport[]
  test: TestTiming | null
  targets: Record<string, Target | null>
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`
const mark = (met: boolean | undefined) => (met === undefined ? '–' : met ? '✅' : '❌')
/** A row of the targets table for a build target: its goal (or `goal` when not measured), its value formatted, met or not. */
const buildRow = (label: string, t: Target | null | undefined, goal: string, format: (value: number) => string, missing = 'not run') => [
  label,
  t?.target ?? goal,
  t ? (t.value === undefined ? '–' : format(t.value)) : missing,
  mark(t?.met),
]
const table = (head: string[], rows: (string | number)[][]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n')

/** Every warning line of every build the bench ran (`scale` starts with the 1× build), named by the build: "4×, edited: pages: …". */
export function buildWarnings(scale: BuildReport[]): string[] {
  return scale.flatMap((b) => [
    ...(b.warnings ?? []).map((w) => `${b.factor}×, cold: ${w}`),
    ...(b.rebuild?.warnings ?? []).map((w) => `${b.factor}×, unchanged: ${w}`),
    ...(b.edited?.warnings ?? []).map((w) => `${b.factor}×, edited: ${w}`),
    ...(b.uiEdited?.warnings ?? []).map((w) => `${b.factor}×, UI string: ${w}`),
  ])
}

export function renderMarkdown(r: BenchReport): string {
  const out: string[] = []
  out.push('# Benchmark', '')
  out.push(
    `Generated ${r.generatedAt} on ${r.machine.cpus} × ${r.machine.cpuModel ?? 'CPU'}, ${r.machine.memoryGb} GB, Node ${r.machine.node}. Produced by \`npm run bench\` (scripts/bench/run.ts); targets are reported, not asserted.`,
    '',
  )

  out.push('## Targets', '')
  const t = r.targets
  out.push(
    table(
      ['Target', 'Goal', 'Measured', 'Met'],
      [
        ['Full build', t.fullBuildUnder20s!.target, s(r.build.ms), mark(t.fullBuildUnder20s!.met)],
        ['Content page JavaScript (max over content pages)', t.contentPageJs!.target, kb(t.contentPageJs!.value ?? 0), mark(t.contentPageJs!.met)],
        [
          'Localization audit',
          t.auditUnder1s!.target,
          r.audit.selfMs !== null ? `${r.audit.selfMs} ms (${s(r.audit.ms)} with Node start-up)` : s(r.audit.ms),
          mark(t.auditUnder1s!.met),
        ],
        [
          'Lighthouse on content pages',
          t.contentLighthouse100?.target ?? '100 ×4',
          r.lighthouse.length ? 'see below' : 'not run',
          mark(t.contentLighthouse100?.met),
        ],
        [
          'Lighthouse on form pages (size selector, contact, quote)',
          t.interactivePerformance95?.target ?? '100 ×4',
          r.lighthouse.length ? 'see below' : 'not run',
          mark(t.interactivePerformance95?.met),
        ],
        buildRow('Build: marginal CPU per page', t.buildMarginalCpu, '≤ 10 ms at 16×', (v) => `${v.toFixed(1)} ms`),
        buildRow('Build: wall time against Astro', t.buildVsAstro, '≤ 0.6 × Astro at 16×', (v) => `${v.toFixed(2)}×`),
        buildRow(
          'Build: wall time against Astro, like for like',
          t.buildVsAstroLikeForLike,
          '≤ 0.6 × Astro at 16×, cold against its cold build and rebuild against rebuild',
          (v) => `${v.toFixed(2)}×`,
        ),
        buildRow('Build: cold against cold Astro', t.coldVsColdAstro, '≤ 1.0 × cold Astro at every scale', (v) => `${v.toFixed(2)}×`),
        buildRow('Build: peak memory', t.peakMemory, '≤ 1.5 GB', (v) => `${v.toFixed(2)} GB`, 'not measured'),
        ['Build warnings', t.noBuildWarnings!.target, `${t.noBuildWarnings!.value}`, mark(t.noBuildWarnings!.met)],
        ['`npm test`', t.npmTestUnder5min?.target ?? '< 5 min', r.test ? s(r.test.ms) : 'not run', mark(t.npmTestUnder5min?.met)],
        [
          'LCP vs no-JS floor',
          t.lcpWithin10pct?.target ?? '≤ 1.10×',
          r.lighthouse.length ? `max ${Math.max(...r.lighthouse.map((l) => l.lcpRatio)).toFixed(2)}×` : 'not run',
          mark(t.lcpWithin10pct?.met),
        ],
      ],
    ),
    '',
  )

  const warned = buildWarnings(r.scale)
  if (warned.length) out.push('### Build warnings', '', ...warned.map((w) => `- ${w.replace(/\|/g, '\\|')}`), '')

  out.push('## Full build', '')
  out.push(
    `${r.build.pages} pages (+ ${r.build.redirectStubs} redirect stubs) in ${s(r.build.ms)}: **${r.build.pagesPerSecond} pages/s**, ${r.build.msPerPage} ms per page.${r.build.ok ? '' : ' **Some steps failed** (see below); times are still measured.'}`,
    '',
  )
  out.push(
    table(
      ['Step', 'Time', 'Status'],
      r.build.steps.map((st) => [st.step, s(st.ms), st.ok ? 'ok' : `failed: ${st.tail.split('\n').pop()!.replace(/\|/g, '\\|').slice(0, 160)}`]),
    ),
    '',
  )

  if (r.scale.length > 1) {
    out.push('## Build cost as content grows', '')
    out.push(
      "Products and guides multiplied with synthetic copies (same text, new ids and slugs, every locale). Time per page shows how cost grows. Build: wall time of `npm run build`, the Turborepo task graph of turbo.json; tasks run side by side where the graph allows, so the task times add up to more than the build's.",
      '',
    )
    const stepNames = r.scale[0]!.steps.map((st) => st.step)
    out.push(
      table(
        ['Content', 'Products', 'Guides', 'Pages', 'Build', 'ms / page', 'pages / s', ...stepNames],
        r.scale.map((b) => [
          `${b.factor}×`,
          b.products,
          b.guides,
          b.pages,
          s(b.ms),
          b.msPerPage,
          b.pagesPerSecond,
          ...b.steps.map((st) => `${s(st.ms)}${st.ok ? '' : ' ✗'}`),
        ]),
      ),
      '',
    )
    const notes = r.scale.flatMap((b) => b.notes.map((n) => `${b.factor}×: ${n}`))
    if (notes.length) out.push(...notes.map((n) => `- ${n}`), '')
  }
  // At 1× alone too: the peers and the rebuilds are measured at every scale the bench ran.
  out.push(...peerSection(r.scale, r.machine.cpus, r.peerNotes ?? []), ...rebuildSection(r.scale))

  out.push('## Bytes per page type (gzip)', '')
  out.push(
    'HTML is the document alone; CSS and JS are everything the page loads on first load (scripts, modulepreloads and their static imports). Median and max over every page of the type in every locale.',
    '',
  )
  out.push(
    table(
      ['Page type', 'Pages', 'Example', 'HTML median', 'HTML max', 'CSS', 'JS median', 'JS max'],
      r.weights.map((w) => [w.type, w.pages, `\`${w.example}\``, kb(w.html.median), kb(w.html.max), kb(w.css.max), kb(w.js.median), kb(w.js.max)]),
    ),
    '',
  )

  out.push('## Localization audit', '')
  out.push(
    `Whole content, \`npm run audit\` on its own${r.audit.runs ? ` (median of ${r.audit.runs} runs, no parse cache)` : ''}: ${r.audit.selfMs !== null ? `${r.audit.selfMs} ms measured by the audit itself${r.audit.qaMs != null ? ` (of which the QA checks: ${r.audit.qaMs} ms)` : ''}, ` : ''}${s(r.audit.ms)} including Node and tsx start-up. Exit: ${r.audit.ok ? 'passed' : 'failed (findings in the content; see `npm run audit`)'}.${
      r.audit.inBuild
        ? ` As a build step, beside velite, the UI key types and the documents step on the same cores: ${r.audit.inBuild.selfMs !== null ? `${r.audit.inBuild.selfMs} ms by its own clock, ` : ''}${s(r.audit.inBuild.ms)} in all.`
        : ''
    }`,
    '',
  )

  if (r.test) {
    const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ')
    out.push('## `npm test`', '')
    out.push(
      `Every part of the "test" script in a fresh copy (build included), one after another: ${s(r.test.ms)} in all${r.test.ok ? '' : ', **some parts failed**'}. Load average (1 / 5 / 15 min) on ${r.test.cpus} CPUs: ${load(r.test.load.before)} before, ${load(r.test.load.after)} after; a busy machine makes every part slower.`,
      '',
    )
    out.push(
      table(
        ['Part', 'Time', 'Status'],
        r.test.parts.map((p) => [p.part, s(p.ms), p.ok ? 'ok' : `failed: ${p.tail.split('\n').pop()!.replace(/\|/g, '\\|').slice(0, 160)}`]),
      ),
      '',
    )
  }

  if (r.lighthouse.length) {
    out.push('## Lighthouse (mobile)', '')
    out.push(
      `Lighthouse defaults: emulated mobile device, simulated slow 4G, 4× CPU slowdown. The no-JS floor is the same page served with every \`<script>\` and modulepreload removed. Metrics are the median of ${r.lighthouse[0]!.withJs.runs ?? 1} run(s) per page and variant; scores come from the median run. Placeholder pages (a locale without the translated guide) are noindex by design, which Lighthouse SEO scores down.`,
      '',
    )
    out.push(
      table(
        [
          'Page',
          'Locale',
          'URL',
          ...CATEGORIES.map((c) => c.replace('best-practices', 'best pr.')),
          'LCP',
          'LCP no-JS',
          'LCP ratio',
          'TBT',
          'TBT no-JS',
          'TBT ratio',
          'CLS',
        ],
        r.lighthouse.map((l) => [
          `${l.name}${l.interactive ? ' (interactive)' : ''}${l.placeholder ? ' (placeholder page)' : ''}`,
          l.locale,
          `\`${l.url}\``,
          ...CATEGORIES.map((c) => l.withJs.scores[c] ?? '–'),
          `${l.withJs.lcpMs} ms`,
          `${l.noJs.lcpMs} ms`,
          `${l.lcpRatio.toFixed(2)}×`,
          `${l.withJs.tbtMs} ms`,
          `${l.noJs.tbtMs} ms`,
          l.tbtRatio === null ? (l.withJs.tbtMs === 0 ? '= (0 ms)' : '∞ (floor 0 ms)') : `${l.tbtRatio.toFixed(2)}×`,
          l.withJs.cls,
        ]),
      ),
      '',
    )
    const failing = r.lighthouse.filter((l) => l.withJs.failing.length)
    if (failing.length) {
      out.push('Audits below full score:', '')
      for (const l of failing) out.push(`- \`${l.url}\`: ${l.withJs.failing.join('; ')}`)
      out.push('')
    }
  }
  return out.join('\n')
}

/** Fixed cost and marginal cost per page from the smallest and largest build: a straight line. */
export function marginal(points: { pages: number; ms: number }[]): { fixedMs: number; perPageMs: number } | undefined {
  const sorted = [...points].sort((a, b) => a.pages - b.pages)
  const [a, b] = [sorted[0], sorted.at(-1)]
  if (!a || !b || b.pages === a.pages) return undefined
  const perPageMs = (b.ms - a.ms) / (b.pages - a.pages)
  return { fixedMs: a.ms - perPageMs * a.pages, perPageMs }
}

/** Marginal cost per page at the largest factor: between the two largest builds. */
export function marginalAt(points: { factor: number; pages: number; ms: number }[]): number | undefined {
  const steps = marginalSteps(points)
  return steps.length ? steps.at(-1)!.perPageMs : undefined
}

/** Fixed and marginal cost between each pair of neighbouring factors (1→4, 4→16). */
export function marginalSteps(points: { factor: number; pages: number; ms: number }[]): { range: string; perPageMs: number; fixedMs: number }[] {
  const sorted = [...points].sort((a, b) => a.pages - b.pages)
  return sorted.slice(1).map((b, i) => {
    const a = sorted[i]!
    const f = marginal([a, b])
    return { range: `${a.factor}×→${b.factor}×`, fixedMs: f?.fixedMs ?? Number.NaN, perPageMs: f?.perPageMs ?? Number.NaN }
  })
}

function rebuildSection(scale: BuildReport[]): string[] {
  const warm = scale.filter((b) => b.rebuild?.ok)
  if (!warm.length) return []
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  const pair = (x?: { ms?: number; wallMs?: number; cpuMs: number }) => (x ? `${s(x.ms ?? x.wallMs ?? Number.NaN)} / ${s(x.cpuMs)}` : '–')
  const ratio = (a?: number, b?: number) => (a && b ? (a / b).toFixed(2) : '–')
  const same = (files?: string[]) => (files === undefined ? '–' : files.length ? `❌ ${files.length} differ: ${files.slice(0, 3).join(', ')}` : '✅ identical')
  const lines = [
    '### Rebuilds with the caches kept',
    '',
    'Each copy is built again after the peer, in the same folder, so every cache in .generated/ is warm (data sheets, MDX compiles, rendered documents, search index per language): once unchanged, then after one sentence is added to one Turkish guide (a typical translation pull request). This is what a developer, or a CI that keeps .generated/ between runs, pays. The peer\'s own rebuild (its content cache warm) is measured the same way. "Same as cold" compares every output file; at the smallest factor the edited content is also built cold in a fresh copy and compared.',
    '',
    table(
      [
        'Content',
        'Pages',
        'Cold: wall / CPU',
        'Unchanged: wall / CPU',
        'Edited: wall / CPU',
        'Files changed by the edit',
        'Peer cold build: wall',
        'Peer rebuild (caches kept): wall',
        'Edited ÷ peer cold build',
        'Edited ÷ peer rebuild',
        'Unchanged = cold',
        'Edited = cold',
      ],
      warm.map((b) => [
        `${b.factor}×`,
        b.pages,
        pair(b),
        pair(b.rebuild),
        pair(b.edited),
        b.edited ? b.edited.changed.length : '–',
        b.peer?.ok ? s(b.peer.wallMs) : '–',
        b.peerRebuild?.ok ? s(b.peerRebuild.wallMs) : '–',
        ratio(b.edited?.ms, b.peer?.ok ? b.peer.wallMs : undefined),
        ratio(b.edited?.ms, b.peerRebuild?.ok ? b.peerRebuild.wallMs : undefined),
        same(b.rebuild!.differsFromCold),
        same(b.edited?.differsFromCold),
      ]),
    ),
    '',
  ]
  type Pick = (b: BuildReport) => number | undefined
  const kinds: [string, Pick][] = [
    ['Unchanged, wall', (b) => b.rebuild?.ms],
    ['Unchanged, CPU', (b) => b.rebuild?.cpuMs],
    ['Edited, wall', (b) => b.edited?.ms],
    ['Edited, CPU', (b) => b.edited?.cpuMs],
  ]
  const rows = kinds.flatMap(([label, pick]) => {
    const points = warm.filter((b) => pick(b) !== undefined).map((b) => ({ factor: b.factor, pages: b.pages, ms: pick(b)! }))
    const f = marginal(points)
    return f ? [[label, s(f.fixedMs), f.perPageMs.toFixed(1), ...marginalSteps(points).map((m) => m.perPageMs.toFixed(1))]] : []
  })
  if (rows.length)
    lines.push(
      table(
        [
          'Rebuild',
          'Fixed cost',
          'Marginal ms / page',
          ...marginalSteps(warm.map((b) => ({ factor: b.factor, pages: b.pages, ms: 0 }))).map((m) => `${m.range} ms / page`),
        ],
        rows,
      ),
      '',
    )
  const target = (x: number | undefined, cold: number, max: number) => (x === undefined ? '–' : `${(x / cold).toFixed(2)} ${x / cold <= max ? '✅' : '❌'}`)
  lines.push(
    "Translators' rebuilds against the cold build of the same content, wall time (targets: unchanged ≤ 0.15, one guide edited ≤ 0.4, one UI string ≤ 0.35, and the UI-string rebuild faster than the peer's rebuild):",
    '',
    table(
      [
        'Content',
        'Unchanged ÷ cold',
        'Guide edit ÷ cold',
        'UI string: wall / CPU',
        'UI string ÷ cold',
        'Files changed by the UI string',
        'UI string ÷ peer rebuild',
      ],
      warm.map((b) => [
        `${b.factor}×`,
        target(b.rebuild?.ms, b.ms, 0.15),
        target(b.edited?.ms, b.ms, 0.4),
        pair(b.uiEdited),
        target(b.uiEdited?.ms, b.ms, 0.35),
        b.uiEdited ? b.uiEdited.changed.length : '–',
        b.uiEdited && b.peerRebuild?.ok ? target(b.uiEdited.ms, b.peerRebuild.wallMs, 1) : '–',
      ]),
    ),
    '',
  )
  const stepNames = warm[0]!.rebuild!.steps.map((st) => st.step)
  lines.push(
    'CPU per step of the edited rebuild:',
    '',
    table(
      ['Content', ...stepNames],
      warm
        .filter((b) => b.edited)
        .map((b) => [`${b.factor}×`, ...stepNames.map((name) => s(b.edited!.steps.find((st) => st.step === name)?.cpuMs ?? Number.NaN))]),
    ),
    '',
  )
  return lines
}

/** The build steps whose work the peers do not do: printing the PDF data sheets, and the translation audit. */
export const STEPS_PEERS_LACK = ['documents', 'audit']

/**
 * A lower bound on a cold build's wall time from the work the peers do not do: the CPU of the
 * steps in STEPS_PEERS_LACK, spread without loss over every core. When it is already more than
 * 0.6 × the peer's cold build, no speed-up of the rest of the build meets the cold
 * target on this machine. Conservative: the search index (inside postbuild) is other work the
 * peers lack, and it is not counted.
 */
export function extraWorkFloor(b: BuildReport, cores: number): { cpuMs: number; wallMs: number; ratio?: number } {
  const cpuMs = b.steps.filter((st) => STEPS_PEERS_LACK.includes(st.step)).reduce((sum, st) => sum + st.cpuMs, 0)
  const wallMs = cpuMs / Math.max(1, cores)
  return { cpuMs, wallMs, ratio: b.peer?.ok ? wallMs / b.peer.wallMs : undefined }
}

function peerSection(scale: BuildReport[], cores: number, peerNotes: string[]): string[] {
  const withPeer = scale.filter((b) => b.peer?.ok)
  const failed = scale.flatMap((b) =>
    [b.peer, b.peerRebuild, b.hugo].flatMap((p) =>
      p && !p.ok ? [`${b.factor}×: ${p.name}'s ${p.kind === 'cold' ? 'cold build' : 'rebuild'} failed: ${p.tail.split('\n').pop()!.slice(0, 160)}`] : [],
    ),
  )
  const notes = [...peerNotes, ...failed]
  if (!withPeer.length) return notes.length ? ['### Peers', '', ...notes, ''] : []
  const name = `${withPeer[0]!.peer!.name} ${withPeer[0]!.peer!.version}`
  const withHugo = withPeer.filter((b) => b.hugo?.ok)
  const hugoName = withHugo.length ? `Hugo ${withHugo[0]!.hugo!.version}` : undefined
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  const mb = (kb?: number) => (kb === undefined ? '–' : `${Math.round((kb * 1024) / 1e6)} MB`)
  const kb = (bytes?: number) => (bytes === undefined ? '–' : `${(bytes / 1000).toFixed(1)} KB`)
  const weightRow = (label: string, w?: SiteWeight, ours?: SiteWeight) => [
    label,
    w?.pages ?? '–',
    kb(w?.htmlBytes),
    kb(w?.cssBytes),
    w && ours ? (w.htmlBytes / ours.htmlBytes).toFixed(2) : '–',
    w && ours ? (w.cssBytes / ours.cssBytes).toFixed(2) : '–',
  ]
  const top = withPeer.at(-1)!
  const lines = [
    `### Against ${name}${hugoName ? ` and ${hugoName}` : ''}, same pages, same run`,
    '',
    `Each build above is followed by ${name} building the same pages from their text and chrome (scripts/bench/peers/astro.ts), **cold**: every Astro cache (its content layer store, .astro/, Vite's cache) deleted first (scripts/bench/peers/peer-caches.ts); its rebuild with those caches kept is in the next section${hugoName ? `; then ${hugoName} (scripts/bench/peers/hugo.ts), cold` : ''}. Wall and CPU (user + system of every process the build started, Chromium's renderers included: scripts/bench/cpu-time.py); peak memory is the largest resident set of any one of those processes. Warnings: lines our cold build printed that warn (the list is above). Marginal cost: the straight line from the smallest to the largest build, and between neighbouring factors.`,
    '',
    ...notes.map((n) => `${n}\n`),
    table(
      [
        'Content',
        'Pages',
        'Ours: wall',
        'Ours: CPU',
        'Ours: peak memory',
        'Ours: warnings',
        `${name} cold: wall`,
        `${name} cold: CPU`,
        `${name}: peak memory`,
        'Wall ratio (ours / cold peer)',
        'CPU ratio',
        ...(hugoName ? [`${hugoName}: wall`, `${hugoName}: CPU`, `Wall ratio (ours / ${hugoName})`] : []),
      ],
      withPeer.map((b) => [
        `${b.factor}×`,
        b.pages,
        s(b.ms),
        s(b.cpuMs),
        mb(b.peakRssKb),
        b.warnings.length,
        s(b.peer!.wallMs),
        s(b.peer!.cpuMs),
        mb(b.peer!.peakRssKb),
        (b.ms / b.peer!.wallMs).toFixed(2),
        (b.cpuMs / b.peer!.cpuMs).toFixed(2),
        ...(hugoName ? (b.hugo?.ok ? [s(b.hugo.wallMs), s(b.hugo.cpuMs), (b.ms / b.hugo.wallMs).toFixed(2)] : ['–', '–', '–']) : []),
      ]),
    ),
    '',
    `Comparable weight, at ${top.factor}×: the peers render every page with the same chrome as ours (head links, navigation and its menus, language switcher, footer), its tables as tables, and our content stylesheet (scripts/bench/peers/peer-page.ts). Median bytes per page, as served; the ratios are the peer's over ours. The peers ship none of our islands' JavaScript or JSON-LD.`,
    '',
    table(
      ['Site', 'Pages', 'HTML per page', 'CSS per page', 'HTML ratio', 'CSS ratio'],
      [
        weightRow('Ours', top.weight, top.weight),
        weightRow(name, top.peer!.weight, top.weight),
        ...(top.hugo?.ok ? [weightRow(`Hugo ${top.hugo.version}`, top.hugo.weight, top.weight)] : []),
      ],
    ),
    '',
    ...withPeer.flatMap((b) => (b.peer!.notes ?? []).map((n) => `- ${b.factor}×, ${name}: ${n}`)),
  ]
  type Pick = (b: BuildReport) => number
  const line = (label: string, pick: Pick, pages: Pick) => [label, marginal(withPeer.map((b) => ({ pages: pages(b), ms: pick(b) }))), pick, pages] as const
  const ours = (b: BuildReport) => b.pages
  const theirs = (b: BuildReport) => b.peer!.pages
  const rows = [
    line('Ours, wall', (b) => b.ms, ours),
    line('Ours, CPU', (b) => b.cpuMs, ours),
    line(`${name}, wall`, (b) => b.peer!.wallMs, theirs),
    line(`${name}, CPU`, (b) => b.peer!.cpuMs, theirs),
    ...(hugoName && withHugo.length === withPeer.length
      ? [
          line(
            `${hugoName}, wall`,
            (b) => b.hugo!.wallMs,
            (b) => b.hugo!.pages,
          ),
          line(
            `${hugoName}, CPU`,
            (b) => b.hugo!.cpuMs,
            (b) => b.hugo!.pages,
          ),
        ]
      : []),
  ]
  if (rows.every(([, f]) => f)) {
    lines.push(
      table(
        [
          'Build',
          'Fixed cost',
          'Marginal ms / page',
          ...marginalSteps(withPeer.map((b) => ({ factor: b.factor, pages: b.pages, ms: 0 }))).map((m) => `${m.range} ms / page`),
        ],
        rows.map(([label, f, pick, pages]) => [
          label,
          s(f!.fixedMs),
          f!.perPageMs.toFixed(1),
          ...marginalSteps(withPeer.map((b) => ({ factor: b.factor, pages: pages(b), ms: pick(b) }))).map((m) => m.perPageMs.toFixed(1)),
        ]),
      ),
      '',
    )
  }
  const stepNames = withPeer[0]!.steps.map((st) => st.step)
  lines.push(
    `CPU per step of the cold build, against ${name}'s whole build. ${STEPS_PEERS_LACK.join(' and ')} are work ${name} does not do; their CPU spread over the ${cores} cores is a floor under our wall time (extraWorkFloor in scripts/bench/report.ts):`,
    '',
    table(
      ['Content', ...stepNames, `${name}: CPU`, `${STEPS_PEERS_LACK.join(' + ')}: CPU`, `Floor: that ÷ ${cores} cores`, `Floor ÷ ${name} wall`],
      withPeer.map((b) => {
        const floor = extraWorkFloor(b, cores)
        return [
          `${b.factor}×`,
          ...stepNames.map((n) => s(b.steps.find((st) => st.step === n)?.cpuMs ?? Number.NaN)),
          s(b.peer!.cpuMs),
          s(floor.cpuMs),
          s(floor.wallMs),
          floor.ratio?.toFixed(2) ?? '–',
        ]
      }),
    ),
    '',
    `Peak memory per step of the cold build: the largest resident set of any one process of the step (the prerender's shards and the documents' printing processes are each one process), against ${name}'s:`,
    '',
    table(
      ['Content', ...stepNames, `${name}`],
      withPeer.map((b) => [`${b.factor}×`, ...stepNames.map((n) => mb(b.steps.find((st) => st.step === n)?.peakRssKb)), mb(b.peer!.peakRssKb)]),
    ),
    '',
  )
  return lines
}
