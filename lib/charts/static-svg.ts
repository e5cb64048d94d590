// A Plot chart as SVG markup at build time, for pages that ship no JavaScript (the localization
// report). Plot needs a DOM to draw into; linkedom gives it one on Node without a browser.
import type { PlotOptions } from '@observablehq/plot'
import { parseHTML } from 'linkedom'
import { plotChart } from './plot-chart'

export function staticSvg(options: PlotOptions, label: string): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>')
  return plotChart({ ...options, document: document as unknown as Document }, label).outerHTML
}
