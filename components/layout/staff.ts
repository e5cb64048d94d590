// Pages for staff, not buyers (the sales inbox): the layout leaves out what only sells (the
// header's language switcher, WhatsApp link and "Get Quote" button, the floating WhatsApp
// bubble). The admin page is English only and nobody there is asked for a quote.
const STAFF_PAGES: ReadonlySet<string> = new Set(['admin'])

export const isStaffPage = (page: string) => STAFF_PAGES.has(page)
