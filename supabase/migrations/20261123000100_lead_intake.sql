-- TEMPORARY COPY in the leads-admin branch: only the column additions of the leads contract
-- (the leads-server engineer owns this migration; the merge takes their version, which also
-- adds the rate-limit table, the updated_at trigger and the INSERT revokes). It exists here so
-- 20261123000200_lead_inbox.sql and its tests run against the agreed columns.
alter table public.leads
  add column status text not null default 'new'
    constraint leads_status_check check (status in ('new', 'contacted', 'qualified', 'won', 'lost')),
  add column notes text constraint leads_notes_check check (char_length(notes) <= 10000),
  add column updated_at timestamptz,
  add column landing_page text constraint leads_landing_page_check check (char_length(landing_page) <= 500),
  add column referrer text constraint leads_referrer_check check (char_length(referrer) <= 500),
  add column utm_source text constraint leads_utm_source_check check (char_length(utm_source) <= 500),
  add column utm_medium text constraint leads_utm_medium_check check (char_length(utm_medium) <= 500),
  add column utm_campaign text constraint leads_utm_campaign_check check (char_length(utm_campaign) <= 500),
  add column utm_term text constraint leads_utm_term_check check (char_length(utm_term) <= 500),
  add column utm_content text constraint leads_utm_content_check check (char_length(utm_content) <= 500),
  add column notification_status text not null default 'pending'
    constraint leads_notification_status_check check (notification_status in ('pending', 'sent', 'failed')),
  add column notification_attempts int not null default 0,
  add column notification_error text,
  add column notified_at timestamptz;
