// The backend the lead tests attack: the local Supabase stand-in behind a trusted proxy (its
// X-Forwarded-For's last entry is the client, as on the hosted gateway), mailing a receiver in
// the test, and each lead's notification promise kept in `notified` by lead id.
import { startLocalSupabase, type LocalSupabase } from '../../server/local-supabase/index'
import { smtpReceiver, type SmtpReceiver } from './smtp-receiver'

type SubmitLead = NonNullable<Parameters<typeof startLocalSupabase>[0]>['submitLead']

export async function startLeadBackend(
  notified: Map<string, Promise<unknown>>,
  submitLead: SubmitLead = {},
): Promise<{ receiver: SmtpReceiver; sb: LocalSupabase }> {
  const receiver = await smtpReceiver()
  const sb = await startLocalSupabase({
    port: 0,
    memory: true,
    trustForwardedFor: true,
    smtpUrl: receiver.url,
    submitLead: {
      ...submitLead,
      notify: { salesEmail: 'sales-desk@example.com', ...submitLead?.notify },
      onNotified: (id, p) => notified.set(id, p),
    },
  })
  return { receiver, sb }
}
