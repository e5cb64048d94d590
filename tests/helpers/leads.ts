// The lead the intake tests submit: every field a valid contact form sends, `over` on top.
export const contactLead = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  kind: 'contact',
  name: 'Jean Dupont',
  email: 'jean@example.fr',
  subject: 'Netting for hams',
  message: 'Which diameter fits a 6 kg ham?',
  locale: 'fr',
  consent_contact: true,
  consent_privacy: true,
  ...over,
})

/** An address of its own, for a test whose leads must each stay under the per-address acknowledgement cap. */
export const uniqueEmail = (name = 'buyer') => `${name}.${crypto.randomUUID().slice(0, 8)}@example.fr`
