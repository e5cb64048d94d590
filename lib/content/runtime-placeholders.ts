// The {placeholders} that code fills in UI strings, by key, besides the fact placeholders every
// text may use (lib/facts/format.ts factVars). lib/content/checks.ts rejects any other
// {name} in content/ui/, because nothing would replace it on the page. When code starts
// passing a new value to t(key, { name }), add the name here.
export const RUNTIME_PLACEHOLDERS: Record<string, readonly string[]> = {
  'nav.submenu': ['section'], // components/layout/header.tsx
  'product.sizeHelp.text': ['productName'], // pages/content/product/+Page.tsx
  'product.order.title': ['productName'],
  'glossary.termTitle': ['term'], // pages/content/glossary-term/+data.ts
  'quote.prefill.stitches': ['stitches'], // components/forms/quote-prefill.ts
  'quote.prefill.roll': ['rollLength'],
  'form.error.tooLong': ['max'], // components/forms/validate.ts
  'form.error.tooMany': ['max'],
  // pages/interactive/size-selector/+Page.tsx and lib/sizing/recommend.ts
  'size-selector.circumference.hint': ['min', 'max', 'example'],
  'size-selector.error.circumference.notNumber': ['example'],
  'size-selector.error.circumference.tooSmall': ['min'],
  'size-selector.error.circumference.tooLarge': ['max'],
  'size-selector.result.viewProduct': ['product'],
  'size-selector.explain.diameter': ['productDiameter', 'circumference', 'stretch', 'diameter'],
  'size-selector.explain.clamped.min': ['productDiameter', 'diameter', 'effectiveStretch', 'stretch'],
  'size-selector.explain.clamped.max': ['productDiameter', 'diameter', 'effectiveStretch', 'stretch'],
  'size-selector.explain.process.standard-cooking': ['stretch'],
  'size-selector.explain.process.roasting': ['stretch'],
  'size-selector.explain.process.smoking': ['stretch'],
  'size-selector.explain.process.drying': ['weightLossMin', 'weightLossMax', 'stretch'],
  'size-selector.explain.stitches.line': ['product', 'counts', 'diameter', 'stitches', 'mesh'],
  'size-selector.explain.roll.standard': ['metres'],
  'size-selector.explain.productRange': ['product', 'min', 'max', 'diameter'],
  'size-selector.explain.heat': ['product', 'heat', 'processHeat'],
  'documents.sheet.fileLabel': ['product'], // lib/documents/links.ts, scripts/documents/data-sheet.ts
  'documents.sheet.issued': ['date', 'site'],
  'search.results': ['count'], // components/search/search-form.tsx (slots filled in the browser)
  'search.none': ['query'],
  'mail.ack.reference': ['reference'],
  // lib/sizing/recommend.ts: the selector's line verdict and its explanation
  'size-selector.result.line.standard': ['product'],
  'size-selector.result.line.madeToOrder': ['product'],
  'size-selector.explain.line.standard': ['product', 'min', 'max', 'diameter'],
  'size-selector.explain.line.madeToOrder': ['product', 'min', 'max', 'diameter'],
  'size-selector.explain.lines.standard': ['diameter', 'products'],
  'size-selector.explain.lines.none': ['diameter'],
  'size-selector.explain.relaxed': ['diameter', 'relaxed', 'stretch'],
}
