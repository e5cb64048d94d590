// The size selector: circumference + process (+ optional product) → the netting to ask for.
// The rule lives in lib/sizing/recommend.ts (pure, unit-tested); this component only collects
// the input, shows errors and the result in the locale, and links to the quote form with the
// recommendation in the query string (names documented at quoteQuery()).
//
// The rule and the result card (./result.tsx) load on first focus and are awaited on submit,
// like zod on the lead forms: the page's first-load JavaScript stays close to React's own size
// (budgets.json, islandPageJs). The accepted range and the processes come with the page data.
import { Fragment, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Link, useHref } from '../../../components/routing/links'
import { usePageData } from '../../../components/page-data'
import { formatList, formatValueList } from '../../../lib/facts/format'
import { useI18n } from '../../../lib/i18n/context'
import type { LocaleCode } from '../../../lib/routing/table'
import type { ExplanationLine, SizingProcess, SizingResult } from '../../../lib/sizing/recommend'
import type { SizeSelectorData } from './+data'

const loadRule = () => import('./result')

const P = 'size-selector.'
const SIZE_GUIDE = 'guide/how-to-choose-netting-size-calculator'
// Fixed ids, not useId(): the server renders #root inside the whole document and the browser
// hydrates #root alone, so useId() would differ between the two. There is one form per page.
const ids = {
  circumference: 'size-circumference',
  cHint: 'size-circumference-hint',
  cError: 'size-circumference-error',
  pError: 'size-process-error',
  product: 'size-product',
  productHint: 'size-product-hint',
  productError: 'size-product-error',
  heading: 'size-result-heading',
}
/** The decimal example in the hint and the notNumber error, shown with the locale's decimal mark. */
const EXAMPLE_CIRCUMFERENCE = 314.5
const PLACEHOLDER = /\{([a-zA-Z][a-zA-Z0-9_]*)\}/

// Which explanation values carry which unit; each value is shown whole, unit included, inside
// <bdi>, so "75 mm" or "1,35×" never reorders inside Arabic text.
const UNIT: Record<string, 'mm' | 'x' | 'm' | 'c'> = {
  productDiameter: 'mm',
  circumference: 'mm',
  diameter: 'mm',
  relaxed: 'mm',
  mesh: 'mm',
  maxMesh: 'mm',
  limit: 'mm',
  min: 'mm',
  max: 'mm',
  stretch: 'x',
  metres: 'm',
  heat: 'c',
  processHeat: 'c',
}

/** Latin digits in every locale (as the facts are shown site-wide), the locale's decimal mark,
 *  no grouping (so "1256" reads back through the input parser). */
function numberFormat(locale: LocaleCode) {
  const f = new Intl.NumberFormat(locale === 'ar' ? 'ar-u-nu-latn' : locale, { maximumFractionDigits: 2, useGrouping: false })
  return (n: number) => f.format(n)
}

/** A translated template with its {placeholders} replaced by React nodes (t() has already
 *  filled the site-wide fact placeholders such as {maxHeat}). */
function rich(template: string, values: Record<string, ReactNode>): ReactNode[] {
  return template.split(PLACEHOLDER).map((part, i) => (i % 2 === 0 ? part : <Fragment key={i}>{values[part] ?? `{${part}}`}</Fragment>))
}

const typedValue = (id: string) =>
  typeof document === 'undefined' ? undefined : document.querySelector<HTMLInputElement | HTMLSelectElement>(`#${CSS.escape(id)}`)?.value
const typedChecked = (name: string) =>
  typeof document === 'undefined' ? undefined : document.querySelector<HTMLInputElement>(`#root input[name="${name}"]:checked`)?.value

export default function Page() {
  const { t, locale } = useI18n()
  const href = useHref()
  const { sizing, limits, processes } = usePageData<SizeSelectorData>()
  const num = numberFormat(locale)

  // Start from what a buyer may have typed before the script arrived: hydration would reset
  // controlled fields to their initial state otherwise.
  const [circumference, setCircumference] = useState(() => typedValue(ids.circumference) ?? '')
  const [process, setProcess] = useState<SizingProcess>(() => (typedChecked('process') as SizingProcess | undefined) ?? 'standard-cooking')
  const [product, setProduct] = useState(() => typedValue(ids.product) ?? '')
  const [result, setResult] = useState<SizingResult | null>(null)
  // As on the lead forms, the prerendered button is disabled until React has hydrated: a click or
  // an Enter before the island has loaded (it waits for the page's `load`) submitted the form
  // natively, reloading the page with the fields in the query string, and the answer never came.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const inputRef = useRef<HTMLInputElement>(null)
  const selectRef = useRef<HTMLSelectElement>(null)
  const processRef = useRef<HTMLFieldSetElement>(null)

  // Product pages and guides may link here with ?product=beef&process=smoking&circumference=314:
  // prefill after hydration (the prerendered HTML has no query string), never auto-submit.
  useEffect(() => {
    const q = new URLSearchParams(window.location.search)
    const p = q.get('product')
    if (p && sizing.products.some((x) => x.id === p)) setProduct(p)
    const pr = q.get('process')
    if (pr && (processes as string[]).includes(pr)) setProcess(pr as SizingProcess)
    const c = q.get('circumference')
    if (c) setCircumference(c.slice(0, 20))
  }, [sizing.products, processes])

  const box = (text: ReactNode) => <bdi>{text}</bdi>
  const mm = (n: number) => box(`${num(n)} mm`)
  const productName = (pid: string) => t(`product.${pid}.name`)

  function formatValue(name: string, v: ExplanationLine['values'][string]): ReactNode {
    // lists in the locale's words: "A, B and C", "A، B وC"; product lines by name, numbers
    // (stitch counts, roll lengths) as values with their unit
    if (Array.isArray(v)) {
      if (name === 'products') return formatList(locale, v.map(String).map(productName))
      return box(
        formatValueList(
          locale,
          v.map((n) => (UNIT[name] === 'm' ? `${num(Number(n))} m` : num(Number(n)))),
        ),
      )
    }
    if (name === 'product') return productName(String(v))
    if (typeof v === 'string') return box(v)
    switch (UNIT[name]) {
      case 'mm':
        return mm(v)
      case 'x':
        return box(`${num(v)}×`)
      case 'm':
        return box(`${num(v)} m`)
      case 'c':
        return box(`${num(v)} °C`)
      default:
        return box(num(v))
    }
  }
  const line = (l: ExplanationLine) => rich(t(P + l.key), Object.fromEntries(Object.entries(l.values).map(([k, v]) => [k, formatValue(k, v)])))

  const [rule, setRule] = useState<Awaited<ReturnType<typeof loadRule>> | null>(null)
  const prefetch = () => void loadRule().catch(() => undefined)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    let m: Awaited<ReturnType<typeof loadRule>>
    try {
      m = await loadRule()
    } catch (error) {
      console.error('pages/interactive/size-selector: the rule could not be loaded', error)
      return
    }
    setRule(() => m)
    const r = m.recommendNetting({ circumference, process, product }, sizing)
    setResult(r)
    if (!r.ok) ({ circumference: inputRef, process: processRef, product: selectRef })[r.field].current?.focus()
  }

  const error = result && !result.ok ? result : null
  const errorText = (field: 'circumference' | 'process' | 'product') =>
    error?.field === field ? rich(t(`${P}error.${error.error}`), { min: mm(limits.min), max: mm(limits.max), example: box(num(EXAMPLE_CIRCUMFERENCE)) }) : null
  const invalid = (field: string) => (error?.field === field ? true : undefined)

  return (
    <section className="section size-selector">
      <div className="container prose">
        <h1>{t(P + 'heading')}</h1>
        <p className="lead">{t(P + 'intro')}</p>
        <noscript>
          <p className="card">
            {t(P + 'noscript')} <Link to={SIZE_GUIDE}>{t(P + 'noscriptLink')}</Link>
          </p>
        </noscript>

        <form className="card size-form" noValidate onSubmit={submit} onFocus={prefetch} onPointerDown={prefetch}>
          <div className="field">
            <label htmlFor={ids.circumference}>{t(P + 'circumference.label')}</label>
            <p id={ids.cHint} className="field-hint">
              {rich(t(P + 'circumference.hint'), { min: mm(limits.min), max: mm(limits.max), example: box(num(EXAMPLE_CIRCUMFERENCE)) })}
            </p>
            <input
              ref={inputRef}
              id={ids.circumference}
              name="circumference"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              required
              dir="ltr"
              value={circumference}
              onChange={(e) => setCircumference(e.target.value)}
              aria-describedby={`${ids.cHint} ${ids.cError}`}
              aria-invalid={invalid('circumference')}
            />
            <p id={ids.cError} className="field-error" role="alert">
              {errorText('circumference')}
            </p>
          </div>

          <fieldset ref={processRef} tabIndex={-1} aria-describedby={ids.pError}>
            <legend>{t(P + 'process.legend')}</legend>
            {processes.map((p) => (
              <label key={p} className="choice">
                <input type="radio" name="process" value={p} checked={process === p} onChange={() => setProcess(p)} />
                <span>
                  {t(`process.${p}.name`)} <span className="field-hint">{t(`${P}process.${p}.hint`)}</span>
                </span>
              </label>
            ))}
            <p id={ids.pError} className="field-error" role="alert">
              {errorText('process')}
            </p>
          </fieldset>

          <div className="field">
            <label htmlFor={ids.product}>{t(P + 'product.label')}</label>
            <p id={ids.productHint} className="field-hint">
              {t(P + 'product.hint')}
            </p>
            <select
              ref={selectRef}
              id={ids.product}
              name="product"
              value={product}
              onChange={(e) => setProduct(e.target.value)}
              aria-describedby={`${ids.productHint} ${ids.productError}`}
              aria-invalid={invalid('product')}
            >
              <option value="">{t(P + 'product.any')}</option>
              {sizing.products.map((p) => (
                <option key={p.id} value={p.id}>
                  {productName(p.id)}
                </option>
              ))}
            </select>
            <p id={ids.productError} className="field-error" role="alert">
              {errorText('product')}
            </p>
          </div>

          <p className="actions">
            <button type="submit" className="btn btn-primary" disabled={!hydrated}>
              {t(P + 'submit')}
            </button>
          </p>
        </form>

        <div className="size-result" aria-live="polite">
          {result?.ok && rule ? (
            <rule.Result
              r={result.recommendation}
              line={line}
              formatMm={mm}
              productName={productName}
              quoteHref={`${href('quote')}?${rule.quoteQuery(result.recommendation)}`}
              headingId={ids.heading}
            />
          ) : null}
        </div>
      </div>
    </section>
  )
}
