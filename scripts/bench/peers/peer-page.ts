// One of our built pages, as the bench's peer generators (scripts/bench/peers/) get it: its text
// as Markdown, and the data of the chrome around it (head links, header navigation, language
// switcher, footer), which the peers' layouts loop over. Read from the built HTML, so the peers
// render the same words, links and tables in every language, and the same amount of them. What
// differs from page to page (head links, the language switcher's links) is in each page's front
// matter; what one language's pages share (navigation, footer) is one data file per language, as
// a site built with the peer would keep it (per page, it made Astro's content store outgrow its
// heap at 16×).
//
// "Comparable weight" means the peer's layout does the same kinds of work per page as ours: the
// same head links (canonical, one alternate per language), the same header navigation with its
// product and guide menus, the same language switcher, the same footer groups and legal links, the
// page's tables as tables, and one stylesheet of the size ours link. It is checked, not assumed:
// the bench reports each peer's HTML bytes per page and stylesheet bytes beside ours (siteWeight
// in scripts/bench/peers/shared.ts); a markup change here that the extraction below no longer
// finds shows up there as a lighter peer. What the peers leave out on purpose: the interactive
// islands' JavaScript and our JSON-LD.

export type Link = { href: string; text: string }
export type NavItem = Link & { children: Link[] }
export type FooterGroup = { heading: string; links: Link[]; items: string[] }
/** What one language's pages share. */
export type LocaleChrome = {
  /** The site icon (a data: URL in ours), in the head and the header's brand link. */
  icon: string
  nav: NavItem[]
  /** The header's links outside the menus: search, WhatsApp, the quote button. */
  actions: Link[]
  footer: FooterGroup[]
  legal: Link[]
  copyright: string
}
/** What differs from page to page. */
export type PageLinks = {
  canonical: string
  alternates: { lang: string; href: string }[]
  languages: (Link & { lang: string })[]
}
export type PageChrome = LocaleChrome & PageLinks

export const decodeText = (s: string) =>
  s
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]
const section = (html: string, open: RegExp, close: string) => {
  const start = open.exec(html)
  if (!start) return ''
  const end = html.indexOf(close, start.index)
  return html.slice(start.index, end < 0 ? undefined : end + close.length)
}
const ANCHOR = /<a\b([^>]*)>([\s\S]*?)<\/a>/g
const links = (html: string): (Link & { tag: string })[] =>
  [...html.matchAll(ANCHOR)].map(([, tag, inner]) => ({ href: attr(tag!, 'href') ?? '', text: decodeText(inner!), tag: tag! }))
const plain = ({ href, text }: Link): Link => ({ href, text })

/** The chrome of one of our built pages: every link a reader of it can follow outside <main>. */
export function pageChrome(html: string): PageChrome {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? ''
  const linkTags = [...head.matchAll(/<link\b[^>]*>/g)].map(([tag]) => tag)
  const header = section(html, /<header\b/, '</header>')
  const siteNav = section(header, /<nav\b[^>]*id="site-nav"/, '</nav>')
  const langMenu = section(header, /<nav\b[^>]*id="lang-menu"/, '</nav>')
  const nav: NavItem[] = []
  // A menu (<ul class="dropdown">) belongs to the top-level link before it.
  for (const m of siteNav.matchAll(/<ul class="dropdown"[^>]*>([\s\S]*?)<\/ul>|<a\b([^>]*)>([\s\S]*?)<\/a>/g)) {
    if (m[1] !== undefined) nav.at(-1)?.children.push(...links(m[1]).map(plain))
    else nav.push({ href: attr(m[2]!, 'href') ?? '', text: decodeText(m[3]!), children: [] })
  }
  const rest = header.replace(siteNav, '').replace(langMenu, '')
  const footerHtml = section(html, /<footer\b/, '</footer>')
  const legalAt = footerHtml.indexOf('footer-legal')
  const groups = legalAt < 0 ? footerHtml : footerHtml.slice(0, legalAt)
  const legalHtml = legalAt < 0 ? '' : footerHtml.slice(legalAt)
  const footer: FooterGroup[] = groups
    .split(/<h2\b/)
    .slice(1)
    .map((part) => {
      const heading = decodeText(/^[^>]*>([\s\S]*?)<\/h2>/.exec(part)?.[1] ?? '')
      const items = [...part.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/g)].map(([, inner]) => inner!).filter((inner) => !/<a\b/.test(inner))
      return { heading, links: links(part).map(plain), items: items.map(decodeText) }
    })
  return {
    icon: attr(linkTags.find((t) => /rel="icon"/.test(t)) ?? '', 'href') ?? '',
    canonical: attr(linkTags.find((t) => /rel="canonical"/.test(t)) ?? '', 'href') ?? '',
    alternates: linkTags
      .filter((t) => /rel="alternate"/.test(t) && /hreflang=/i.test(t))
      .map((t) => ({ lang: attr(t, 'hrefLang') ?? attr(t, 'hreflang') ?? '', href: attr(t, 'href') ?? '' })),
    nav,
    languages: links(langMenu).map((l) => ({ ...plain(l), lang: attr(l.tag, 'hrefLang') ?? attr(l.tag, 'lang') ?? '' })),
    actions: links(rest)
      .filter((l) => l.text)
      .map(plain),
    footer,
    legal: links(legalHtml).map(plain),
    copyright: decodeText(/<p>([\s\S]*?)<\/p>/.exec(legalHtml)?.[1] ?? ''),
  }
}

const cell = (s: string) => s.replace(/\|/g, '\\|')

/** A <table> as a GFM table; a table without a header row gets an empty one (GFM needs one). */
function tableAsMarkdown(inner: string): string {
  const rows = [...inner.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/g)].map(([, tr]) => ({
    header: !/<td\b/.test(tr!),
    cells: [...tr!.matchAll(/<(th|td)\b[^>]*>([\s\S]*?)<\/\1>/g)].map(([, , c]) => cell(decodeText(c!))),
  }))
  const width = Math.max(1, ...rows.map((r) => r.cells.length))
  const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`
  const [first, ...others] = rows
  const head = first?.header ? first.cells : []
  const body = first?.header ? others : rows
  return [line(head), `|${Array.from({ length: width }, () => '---').join('|')}|`, ...body.map((r) => line(r.cells))].join('\n')
}

/**
 * One of our built pages as Markdown with front matter: the text a buyer reads, in its order, its
 * tables as tables; the front matter holds title, description, language, direction and the
 * page's own links (PageLinks) as JSON, which YAML reads as it is. Undefined for a page without <main>.
 */
export function pageAsMarkdown(html: string): string | undefined {
  const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1]
  if (!main) return undefined
  const title = decodeText(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '')
  const description = decodeText(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '')
  const lang = /<html lang="([^"]+)"/.exec(html)?.[1] ?? 'en'
  const dir = /<html[^>]* dir="(rtl|ltr)"/.exec(html)?.[1] ?? 'ltr'
  const blocks = [...main.matchAll(/<(table|h[1-4]|p|li|th|td|dt|dd|summary)\b[^>]*>([\s\S]*?)<\/\1>/g)]
    .map(([, tag, inner]) => {
      if (tag === 'table') return tableAsMarkdown(inner!)
      const text = decodeText(inner!)
      if (!text) return ''
      if (tag!.startsWith('h')) return `${'#'.repeat(Number(tag![1]))} ${text}`
      if (tag === 'li' || tag === 'dt' || tag === 'dd') return `- ${text}`
      if (tag === 'summary') return `**${text}**`
      return text
    })
    .filter(Boolean)
  const { canonical, alternates, languages } = pageChrome(html)
  const front = { title, description, lang, dir, canonical, alternates, languages }
  const yaml = Object.entries(front)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join('\n')
  return `---\n${yaml}\n---\n\n${blocks.join('\n\n')}\n`
}

/** The part of pageChrome that one language's pages share. */
export function localeChrome(html: string): LocaleChrome {
  const { icon, nav, actions, footer, legal, copyright } = pageChrome(html)
  return { icon, nav, actions, footer, legal, copyright }
}
