// `npm start`: the whole site on this machine with its embedded defaults, no accounts or keys:
// the built static site on http://127.0.0.1:3000, the local Supabase stand-in on :54321 and a
// mail catcher (maildev) whose web page shows the mails leads send.
//
//   PORT           the site's port (default 3000)
//   SUPABASE_PORT  the local backend's port (default 54321); the build reads it too, so the
//                  site calls this port (lib/supabase/config.ts)
//   SMTP_URL       send lead mails there instead of starting maildev
//   MAILDEV_SMTP_PORT / MAILDEV_WEB_PORT   maildev's ports (default 1025 / 1080)
import { startLocalSupabase } from '../server/local-supabase/index'
import { startStaticServer } from '../server/preview/static-server'
import { LOCAL_SUPABASE_PORT, usingLocalSupabase } from '../lib/supabase/config'

const port = Number(process.env.PORT ?? 3000)
const site = await startStaticServer({ root: 'dist/client', port })
console.log(`Site:     ${site.url}/  (English home; /tr, /de, /fr, /es, /it, /ar)`)

if (usingLocalSupabase && !process.env.VITE_SUPABASE_URL) {
  let smtpUrl = process.env.SMTP_URL?.trim() || undefined
  if (smtpUrl) {
    console.log(`Mail:     lead mails go to SMTP_URL (${new URL(smtpUrl).host})`)
  } else {
    const smtp = Number(process.env.MAILDEV_SMTP_PORT ?? 1025)
    const web = Number(process.env.MAILDEV_WEB_PORT ?? 1080)
    try {
      const { MailDev } = await import('maildev')
      const maildev = new MailDev({ smtp, web, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true })
      await maildev.start()
      smtpUrl = `smtp://127.0.0.1:${smtp}`
      console.log(`Mail:     http://127.0.0.1:${web}/  (maildev: every mail the backend sends, SMTP on ${smtp})`)
    } catch (e) {
      // The site and the leads still work; the admin shows "notification failed".
      console.warn(`Mail:     maildev could not start (${e instanceof Error ? e.message : String(e)}); set SMTP_URL or free ports ${smtp}/${web}`)
    }
  }
  const backend = await startLocalSupabase({
    port: LOCAL_SUPABASE_PORT,
    dataDir: '.data/pglite',
    smtpUrl,
    submitLead: { notify: { siteUrl: site.url } },
  }).catch((e: unknown) => {
    console.error(`Backend:  could not start: ${e instanceof Error ? e.message : String(e)}`)
    process.exit(1)
  })
  console.log(`Backend:  ${backend.url}  (local Supabase stand-in, data in .data/pglite; npm run db:backup)`)
  console.log(`Admin:    ${site.url}/en/admin/  (admin@example.com / netting-admin-2026)`)
}
