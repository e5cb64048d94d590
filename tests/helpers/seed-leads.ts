// Seeds N synthetic leads in one SQL statement (run as the database owner / service role), for
// the inbox tests (tests/unit/lead-inbox.test.ts).
// Values cycle independently (kind by 3, locale by 7, country by 7 of 7, status by 5, source
// by 4), so every filter combination has rows; created_at goes back 5 minutes per lead from
// `newest`, so the newest lead is i = 1. Their mails count as sent, as for any lead past its
// first minutes: a pending one would be "stuck" in the admin.
import { LOCALE_CODES } from '../../lib/i18n/locale-codes'

export const SEED_LOCALES = LOCALE_CODES
export const SEED_COUNTRIES = ['Germany', 'Turkey', 'France', 'Spain', 'Italy', 'Saudi Arabia', 'United Kingdom'] as const
export const SEED_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost'] as const
export const SEED_PRODUCTS = ['pork', 'beef', 'lamb', 'poultry'] as const

export function seedLeadsSql(count: number, newest = '2026-11-01T12:00:00Z', tag = 'seed'): { sql: string; params: unknown[] } {
  return {
    sql: `insert into public.leads (id, kind, name, email, company, country, subject, message, products, quantity,
            quantity_unit, shipping_address, locale, page, consent_contact, consent_privacy, consent_at, created_at,
            status, landing_page, referrer, utm_source, notification_status, mails_sent)
          select gen_random_uuid(),
            (array['contact','quote','samples'])[1 + i % 3],
            'Buyer ' || $3 || ' ' || i,
            'buyer' || i || '@' || $3 || '.example.com',
            'Company ' || (i % 500),
            (array['${SEED_COUNTRIES.join("','")}'])[1 + (i / 7) % 7],
            'Netting request ' || i,
            'We process about ' || (i % 90 + 10) || ' tonnes of ham a month.',
            array[(array['${SEED_PRODUCTS.join("','")}'])[1 + i % 4]],
            (i % 900 + 100)::text, 'rolls', 'Industriestrasse ' || i,
            (array['${SEED_LOCALES.join("','")}'])[1 + i % ${SEED_LOCALES.length}],
            '/en/contact/', true, true,
            $1::timestamptz - make_interval(mins => 5 * i),
            $1::timestamptz - make_interval(mins => 5 * i),
            (array['${SEED_STATUSES.join("','")}'])[1 + i % 5],
            (array['/de/laender/deutschland/','/en/','/tr/','/en/quote/'])[1 + i % 4],
            (array[null,'https://www.google.com/search?q=netting','https://www.bing.com/',null])[1 + (i / 4) % 4],
            (array['newsletter',null,null,null])[1 + (i / 16) % 4],
            'sent', array['ack', 'sales']
          from generate_series(1, $2::int) as i`,
    params: [newest, count, tag],
  }
}
