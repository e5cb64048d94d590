// The two mails a new lead sends: every field to sales (with a link to the lead in the admin)
// and an acknowledgement to the buyer in their language. Plain text only: nothing a buyer typed
// is ever rendered as HTML. Texts: content/ui/mail/<locale>.yml; addresses: content/facts.yml,
// both copied into ../_shared/mail-content.ts by `npm run functions:sync`.
import { BUSINESS, MAIL_TEXTS } from '../_shared/mail-content.ts'
import { LEAD_LABELS } from '../_shared/lead-labels.ts'

export interface Facts {
  brand: string
  name: string
  email: string
  phone: string
  siteUrl: string
}

/** One mailbox, handed to nodemailer as an object so it is never parsed as an address list. */
export interface Mailbox {
  name: string
  address: string
}

export interface MailMessage {
  from: string
  to: string | Mailbox
  replyTo?: string | Mailbox
  subject: string
  text: string
}

/**
 * The buyer's stored address as one mailbox. A string would be parsed by nodemailer as an address
 * list ("x <a@b.c>", "a@b.c, d"); the schema already accepts a bare addr-spec only, and the object
 * keeps the mail on exactly that address whatever reaches this point.
 */
export const mailbox = (address: unknown): Mailbox => ({ name: '', address: String(address) })

export function loadFacts(): Promise<Facts> {
  return Promise.resolve({ ...BUSINESS })
}

export function loadMailTexts(locale: string): Promise<Record<string, string>> {
  return Promise.resolve(MAIL_TEXTS[locale] ?? (MAIL_TEXTS.en as Record<string, string>))
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (m, key: string) => values[key] ?? m)

// The order sales reads a lead in; labels are for the sales team (English, like the admin).
const SALES_FIELDS: [string, string][] = [
  ['kind', 'Form'],
  ['name', 'Name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['company', 'Company'],
  ['country', 'Country'],
  ['subject', 'Subject'],
  ['message', 'Message'],
  ['products', 'Products'],
  ['inner_diameter', 'Inner diameter'],
  ['quantity', 'Quantity'],
  ['quantity_unit', 'Unit'],
  ['process', 'Process'],
  ['shipping_address', 'Shipping address'],
  ['locale', 'Language'],
  ['page', 'Form page'],
  ['consent_contact', 'May contact'],
  ['consent_privacy', 'Privacy accepted'],
  ['landing_page', 'Landing page'],
  ['referrer', 'Referrer'],
  ['utm_source', 'utm_source'],
  ['utm_medium', 'utm_medium'],
  ['utm_campaign', 'utm_campaign'],
  ['utm_term', 'utm_term'],
  ['utm_content', 'utm_content'],
]

/** A product, process or unit id by the English name the admin shows (an id the content no longer names stays as stored). */
function named(key: string, v: unknown): string {
  const names = key === 'products' || key === 'process' || key === 'quantity_unit' ? LEAD_LABELS[key] : undefined
  return names?.[String(v)] ?? String(v)
}

/** Where sales opens the lead: the admin page reads `#lead=<id>` and shows that lead. */
export const adminLeadUrl = (siteUrl: string, id: string) => `${siteUrl.replace(/\/$/, '')}/en/admin/#lead=${id}`

export function salesMail(lead: Record<string, unknown>, facts: Facts, opts: { from: string; to: string; siteUrl: string }): MailMessage {
  const lines: string[] = []
  for (const [key, label] of SALES_FIELDS) {
    const v = lead[key]
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue
    const value = Array.isArray(v) ? v.map((x) => named(key, x)).join(', ') : typeof v === 'boolean' ? (v ? 'yes' : 'no') : named(key, v)
    // Multi-line values (message, address) indented under their label.
    lines.push(value.includes('\n') ? `${label}:\n  ${value.replace(/\r?\n/g, '\n  ')}` : `${label}: ${value}`)
  }
  const id = String(lead.id)
  const who = [lead.name, lead.company].filter(Boolean).join(', ')
  return {
    from: opts.from,
    to: opts.to,
    replyTo: mailbox(lead.email),
    // One line: CR/LF in a name must not reach a header.
    subject: `New ${String(lead.kind)} lead: ${who} (${String(lead.locale)})`.replace(/[\r\n]+/g, ' ').slice(0, 200),
    text: [
      `A new ${String(lead.kind)} lead arrived on the ${facts.brand} website.`,
      '',
      ...lines,
      '',
      `Lead id: ${id}`,
      `Open it in the admin: ${adminLeadUrl(opts.siteUrl, id)}`,
      '',
      'Reply to this mail to answer the buyer directly.',
    ].join('\n'),
  }
}

// The acknowledgement goes to an address anyone can type, so it carries nothing the sender typed
// (no name, no message): only our own text, the lead's reference and our contact details. Then
// the form cannot be used to deliver someone else's words from our domain. How many an address
// may receive is capped in the database (public.intake_lead).
export async function buyerMail(lead: Record<string, unknown>, facts: Facts, opts: { from: string; siteUrl: string; replyTo?: string }): Promise<MailMessage> {
  const t = await loadMailTexts(String(lead.locale))
  const kind = String(lead.kind)
  const values = {
    brand: facts.brand,
    reference: String(lead.id).slice(0, 8).toUpperCase(),
    email: facts.email,
    phone: facts.phone,
    site: opts.siteUrl,
  }
  const k = (key: string) => fill(t[key] ?? '', values)
  return {
    from: opts.from,
    to: mailbox(lead.email),
    // Answers go to the sales inbox (SALES_EMAIL), which may differ from the published address.
    replyTo: opts.replyTo ?? facts.email,
    subject: k(`mail.ack.subject.${kind}`).replace(/[\r\n]+/g, ' '),
    text: [
      k('mail.ack.greeting'),
      '',
      k(`mail.ack.received.${kind}`),
      // A call is promised only to a buyer who agreed to be phoned.
      k(lead.consent_contact === true ? 'mail.ack.reply' : 'mail.ack.replyByEmail'),
      '',
      k('mail.ack.reference'),
      k('mail.ack.notYou'),
      '',
      k('mail.ack.signoff'),
      k('mail.ack.team'),
      `${facts.phone} · ${facts.email} · ${opts.siteUrl}`,
    ].join('\n'),
  }
}
