// Charts are drawn by Observable Plot (@observablehq/plot), in the browser (the admin inbox) and
// at build time (the localization report, lib/charts/static-svg.ts), from the same options.
// Plot puts a <style> element in every chart: under the site's Content-Security-Policy
// (style-src 'self', no 'unsafe-inline') that element would be refused and reported, so it is
// taken out before the chart reaches a document, and its few rules live in the stylesheets
// (`.chart` in renderer/stylesheets and components/admin/admin.css). Plot writes colours and
// fonts as presentation attributes, which the policy allows.
//
// Each chart is one image for assistive technology (role="img" and a name); the table beside it
// holds every figure, so the marks inside carry no names of their own.
import { plot, type PlotOptions } from '@observablehq/plot'

/** Plot's `class` for every chart; the stylesheets style `.chart`. */
export const CHART_CLASS = 'chart'

export function plotChart(options: PlotOptions, label: string): SVGSVGElement | HTMLElement {
  const chart = plot({ ...options, className: CHART_CLASS, ariaLabel: undefined, ariaDescription: undefined })
  for (const style of [...chart.querySelectorAll('style')]) style.remove()
  for (const named of [...chart.querySelectorAll('[aria-label],[aria-description]')]) {
    named.removeAttribute('aria-label')
    named.removeAttribute('aria-description')
  }
  chart.setAttribute('role', 'img')
  chart.setAttribute('aria-label', label)
  return chart
}
