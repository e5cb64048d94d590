// The admin page's data block: pages/admin/+Page.tsx writes the page's +data result into the
// HTML as JSON, and pages/admin/+client.tsx reads it back to hydrate the same tree (the admin
// page has no Vike client runtime, so there is no vike_pageContext to read it from).
export const ISLAND_DATA_ID = 'admin-island-data'

/** JSON that is safe inside <script>: "<" never appears raw, so "</script>" cannot end it. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
