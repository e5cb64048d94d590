// The cookie choice's names, shared by the banner (which renders the head check) and the page
// script (renderer/enhance.ts, which records the choice). Here, not in the renderer, because
// components/ never import from renderer/ (tests/unit/imports.test.ts).

/** Where the buyer's cookie choice is kept ("accepted" or "declined"). */
export const COOKIE_KEY = 'cookieConsent'
/** The class on <html> while the cookie banner asks; cookie-banner.css shows the banner only then. */
export const ASKING = 'consent-ask'
