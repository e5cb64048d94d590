// The peak memory of a process tree, as scripts/bench/cpu-time.py records it: when the variable
// PEAK_RSS_LOG names a file, the wrapper appends one line "peak-rss-kb <n>" to it, n being the
// largest resident set (KB) of any process it waited for. Several wrapped commands (the build's
// steps, side by side or one after another) may append to one file; their tree's peak is the
// largest line. Memory is not additive across steps that do not overlap, so the largest single
// process is what is reported, not a sum.

export const PEAK_RSS_LOG = 'PEAK_RSS_LOG'

/** The largest "peak-rss-kb <n>" in `log`, or undefined when it holds none. */
export function peakRssKb(log: string): number | undefined {
  const values = [...log.matchAll(/^peak-rss-kb (\d+)$/gm)].map(([, n]) => Number(n))
  return values.length ? Math.max(...values) : undefined
}
