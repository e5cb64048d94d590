// The hCaptcha site key, if the build sets VITE_HCAPTCHA_SITE_KEY: all the lead forms need
// before a captcha is used (./captcha.ts, the widget itself, loads only then).

/** Written out in full so the build replaces it with the value (Vike replaces the bare env
 *  object with null, and warns when it even appears in a comment). Outside Vite (plain Node)
 *  the env object is undefined, hence the try. */
function siteKey(): string {
  try {
    return import.meta.env.VITE_HCAPTCHA_SITE_KEY?.trim() ?? ''
  } catch {
    return ''
  }
}
export const hcaptchaSiteKey = siteKey()
