// Site search in the browser, on the search page only (loaded by pages/content/+client.ts). Pagefind (pagefind.app) writes one bundle
// per <html lang> at build time (scripts/search-index.ts); the page's own language's script and index
// are fetched on the first search, so no page pays for search before the buyer uses it.
type PagefindHit = { url: string; excerpt: string; meta: { title?: string } }
type Pagefind = {
  options: (options: Record<string, unknown>) => Promise<void>
  init: () => Promise<void>
  debouncedSearch: (query: string, options?: object, ms?: number) => Promise<{ results: { data: () => Promise<PagefindHit> }[] } | null>
}

const MAX_RESULTS = 20
// Built at run time, so the bundler leaves this file to the host: it only exists after the build.
// The folder is the page's language (bundleDir in scripts/search-index.ts).
const pagefindScript = () => `/pagefind/${document.documentElement.lang.toLowerCase()}/pagefind.js`

let loading: Promise<Pagefind> | undefined
function pagefind(): Promise<Pagefind> {
  loading ??= (import(/* @vite-ignore */ pagefindScript()) as Promise<Pagefind>).then(async (api) => {
    await api.options({ excerptLength: 24 })
    await api.init()
    return api
  })
  return loading
}

/** Pagefind's excerpt is escaped page text with <mark> around matches: keep the text and the marks, nothing else. */
export function excerptNodes(excerpt: string): Node[] {
  const body = new DOMParser().parseFromString(`<body>${excerpt}</body>`, 'text/html').body
  return [...body.childNodes].map((node) => {
    if (node.nodeName !== 'MARK') return document.createTextNode(node.textContent ?? '')
    const mark = document.createElement('mark')
    mark.textContent = node.textContent
    return mark
  })
}

export function startSearch() {
  const form = document.getElementById('site-search') as HTMLFormElement | null
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]')
  const status = document.getElementById('search-status')
  const list = document.getElementById('search-results')
  const messages = document.getElementById('search-messages') as HTMLTemplateElement | null
  if (!form || !input || !status || !list || !messages) return

  const say = (name: string, slots: Record<string, string> = {}) => {
    const message = messages.content.querySelector(`[data-message="${name}"]`)?.cloneNode(true) as HTMLElement | undefined
    if (!message) return
    for (const [slot, value] of Object.entries(slots)) for (const el of message.querySelectorAll(`[data-slot="${slot}"]`)) el.textContent = value
    status.replaceChildren(...message.childNodes)
  }

  let latest = ''
  const run = async (query: string) => {
    latest = query
    if (!query) {
      list.replaceChildren()
      status.replaceChildren()
      return
    }
    say('loading')
    try {
      const search = await (await pagefind()).debouncedSearch(query, {}, 200)
      if (!search || query !== latest) return // a newer query is on its way
      const hits = await Promise.all(search.results.slice(0, MAX_RESULTS).map((r) => r.data()))
      if (query !== latest) return
      list.replaceChildren(...hits.map(resultItem))
      if (hits.length) say('results', { count: String(search.results.length) })
      else say('none', { query })
    } catch {
      say('error')
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void run(input.value.trim())
  })
  const onInput = () => {
    const query = input.value.trim()
    // The query stays in the address bar, so a search can be shared, reloaded or gone back to.
    const url = new URL(location.href)
    if (query) url.searchParams.set('q', query)
    else url.searchParams.delete('q')
    history.replaceState(null, '', url)
    void run(query)
  }
  input.addEventListener('input', onInput)
  const initial = new URLSearchParams(location.search).get('q')?.trim()
  // This script arrives after the page's load event: what the buyer typed before it did is
  // searched now, and wins over a ?q= in the address.
  if (input.value.trim()) onInput()
  else if (initial) {
    input.value = initial
    void run(initial)
  }
}

function resultItem(hit: PagefindHit): HTMLLIElement {
  const item = document.createElement('li')
  const link = document.createElement('a')
  link.href = hit.url
  link.textContent = hit.meta.title ?? hit.url
  const excerpt = document.createElement('p')
  excerpt.append(...excerptNodes(hit.excerpt))
  item.append(link, excerpt)
  return item
}
