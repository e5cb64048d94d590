// The one small progressive-enhancement script every page loads. Everything it touches also
// works without it (CSS hover/focus dropdowns, native popovers), except the cookie banner.
import { ASKING, COOKIE_KEY } from '../components/layout/consent-keys'

// Whether the banner shows is decided in the head, before the page is parsed
// (components/layout/cookie-banner.tsx, ASK_CONSENT); this records the choice. Escape inside it is
// its close button: close and decline. Focus then goes to the page, not to the top of the document.
function cookieBanner() {
  const banner = document.getElementById('cookie-banner')
  const root = document.documentElement
  if (!banner || !root.classList.contains(ASKING)) return
  const choose = (choice: string) => {
    try {
      localStorage.setItem(COOKIE_KEY, choice)
      keepFirstTouch(localStorage, sessionStorage)
    } catch {
      /* storage blocked: hide for this page view only */
    }
    const hadFocus = banner.contains(document.activeElement)
    root.classList.remove(ASKING)
    if (hadFocus) document.getElementById('main')?.focus({ preventScroll: true })
  }
  banner.addEventListener('click', (event) => {
    const choice = (event.target as Element).closest<HTMLElement>('[data-consent]')?.dataset.consent
    if (choice) choose(choice)
  })
  banner.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') choose('declined')
  })
}

function dropdowns() {
  const items = [...document.querySelectorAll<HTMLElement>('[data-dropdown]')]
  const setOpen = (item: HTMLElement, open: boolean) => {
    item.classList.toggle('is-open', open)
    item.querySelector('.dropdown-toggle')?.setAttribute('aria-expanded', String(open))
  }
  for (const item of items) {
    const toggle = item.querySelector<HTMLButtonElement>('.dropdown-toggle')
    toggle?.addEventListener('click', () => {
      const open = !item.classList.contains('is-open')
      for (const other of items) setOpen(other, false)
      setOpen(item, open)
    })
  }
  document.addEventListener('click', (event) => {
    for (const item of items) if (!item.contains(event.target as Node)) setOpen(item, false)
  })
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return
    const open = items.find((item) => item.classList.contains('is-open') || item.contains(document.activeElement))
    if (!open) return
    setOpen(open, false)
    open.querySelector<HTMLElement>('.dropdown-toggle')?.focus()
  })
}

// Popovers (language menu, mobile menu) manage open/close natively; mirror their state into
// aria-expanded on the button that controls them.
function popoverButtons() {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[popovertarget]')) {
    const target = document.getElementById(button.getAttribute('popovertarget')!)
    target?.addEventListener('toggle', (event) => {
      button.setAttribute('aria-expanded', String((event as ToggleEvent).newState === 'open'))
    })
  }
}

// The mobile menu opens right under the sticky header, whose height depends on the language
// and the screen width; CSS has a fallback when scripts are off.
function headerHeight() {
  const header = document.querySelector<HTMLElement>('.site-header')
  if (!header) return
  const update = () => document.documentElement.style.setProperty('--header-h', `${header.offsetHeight}px`)
  update()
  new ResizeObserver(update).observe(header)
}

/** Key of the visit's first page in sessionStorage; lib/leads/attribution.ts reads it. */
export const VISIT_KEY = 'leadVisit'
/** Key of the first visit's first page in localStorage (consent only); lib/leads/attribution.ts reads it. */
export const FIRST_TOUCH_KEY = 'leadFirstTouch'
/** /<locale>/admin/…: twin of ADMIN_PATH in supabase/functions/submit-lead/handler.ts. */
export const ADMIN_PATH = /^\/(?:[^/]+\/)?admin(?:\/|$)/

/**
 * The first page of the visit, [url, referrer], remembered for a lead the buyer may send later
 * in this tab (lib/leads/attribution.ts turns it into landing page, referrer and utm_* at send
 * time, so this stays a few bytes on every page).
 */
export function rememberVisit(storage: Storage, url: string, referrer: string) {
  // The staff's own admin pages are nobody's landing page (the function drops them too).
  if (ADMIN_PATH.test(new URL(url, 'http://x/').pathname)) return
  if (!storage.getItem(VISIT_KEY)) storage.setItem(VISIT_KEY, JSON.stringify([url.slice(0, 2000), referrer.slice(0, 2000)]))
}

/**
 * The first touch: this visit's first page, copied once into localStorage so a later visit's lead
 * still names the campaign that first brought the buyer. Only while the cookie choice is
 * "accepted": localStorage outlives the visit and recognises a returning browser, which is what
 * the banner asks about. Any other choice (declined, or accepted then withdrawn) deletes it.
 * The visit itself (rememberVisit) stays in sessionStorage without consent: it never outlives
 * the tab and leaves the browser only inside a lead the buyer sends (docs/FORMS.md).
 */
export function keepFirstTouch(local: Storage, session: Storage) {
  if (local.getItem(COOKIE_KEY) !== 'accepted') {
    local.removeItem(FIRST_TOUCH_KEY)
    return
  }
  const visit = session.getItem(VISIT_KEY)
  if (visit && !local.getItem(FIRST_TOUCH_KEY)) local.setItem(FIRST_TOUCH_KEY, visit)
}

function attribution() {
  try {
    rememberVisit(sessionStorage, location.href, document.referrer)
    keepFirstTouch(localStorage, sessionStorage)
  } catch {
    /* storage blocked or full: leads go without attribution */
  }
}

export function enhance() {
  attribution()
  document.documentElement.classList.add('js')
  cookieBanner()
  dropdowns()
  popoverButtons()
  headerHeight()
}
