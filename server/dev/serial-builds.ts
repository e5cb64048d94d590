// One content build at a time for `npm run dev` (docs/ARCHITECTURE.md §5).
//
// velite's own watch mode starts a rebuild for every changed file without waiting for the one
// already running, and the rebuild that finishes last writes the output: two files saved close
// together (an editor's "save all", a `git checkout`) could leave the older text on screen. Here
// a change that arrives during a build queues exactly one more build, which reads every file as
// it is by then; changes within `settleMs` of each other start one build between them. Every build,
// the first and the queued one, starts only once no change has come for `settleMs`: a file watcher
// that drops a file's change event coming too soon after the last one it reported (chokidar does)
// loses nothing, as long as `settleMs` is longer than that window, since the build then reads
// what the dropped event would have announced.

export type SerialBuilds = {
  /** A source file changed: build soon, or once more after the build that is running. */
  changed(): void
  /** Resolves once no build is running or queued. */
  settled(): Promise<void>
}

export function serialBuilds(build: () => Promise<unknown>, onError: (e: unknown) => void, settleMs = 25): SerialBuilds {
  let running = false
  let queued = false
  let lastChange = 0
  let timer: NodeJS.Timeout | undefined
  const waiters: (() => void)[] = []
  const idle = () => !running && !timer
  const sinceChange = () => performance.now() - lastChange
  /** Resolves once no change has come for settleMs. */
  const quiet = async () => {
    while (sinceChange() < settleMs) await new Promise((r) => setTimeout(r, settleMs - sinceChange()))
  }

  const loop = async () => {
    running = true
    do {
      queued = false
      try {
        await build()
      } catch (e) {
        onError(e)
      }
      if (queued) await quiet()
    } while (queued)
    running = false
    if (idle()) for (const wake of waiters.splice(0)) wake()
  }

  return {
    changed() {
      lastChange = performance.now()
      if (running) {
        queued = true
        return
      }
      clearTimeout(timer)
      timer = setTimeout(() => {
        timer = undefined
        void loop()
      }, settleMs)
    },
    settled: () => (idle() ? Promise.resolve() : new Promise<void>((wake) => waiters.push(wake))),
  }
}
