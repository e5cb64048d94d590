// A real SMTP server for tests (smtp-server on a free loopback port): it parses every mail it
// receives, can answer the next ones with a temporary (451) or permanent (550) failure, can keep
// a received mail unanswered until the test releases it (a slow server that stores the mail and
// answers late), and lets a test wait for a number of mails to have arrived (the event itself,
// not a guess at how long delivery takes).
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'

export interface SmtpReceiver {
  url: string
  mails: ParsedMail[]
  /** The envelope recipients (RCPT TO) of each stored mail, in the order of `mails`. */
  envelopes: string[][]
  /** Answer the next n messages with a temporary failure (451), after reading them. */
  failNext: number
  /** Answer the next n messages with a permanent failure (550), after reading them. */
  refuseNext: number
  /** Store each mail but hold its answer until release() (a server slower than any deadline). */
  hold: boolean
  /** Answer every held mail now (250). */
  release(): void
  /** Resolves once at least n mails have arrived in all (held ones count: they are stored). */
  arrived(n: number): Promise<void>
  close(): Promise<void>
}

export async function smtpReceiver(): Promise<SmtpReceiver> {
  const waiters: (() => void)[] = []
  const held: (() => void)[] = []
  const r: SmtpReceiver = {
    url: '',
    mails: [],
    envelopes: [],
    failNext: 0,
    refuseNext: 0,
    hold: false,
    release: () => {
      for (const answer of held.splice(0)) answer()
    },
    arrived: (n) =>
      new Promise((resolve) => {
        const check = () => (r.mails.length >= n ? resolve() : waiters.push(check))
        check()
      }),
    close: async () => {},
  }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (r.failNext > 0) {
            r.failNext--
            return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }))
          }
          if (r.refuseNext > 0) {
            r.refuseNext--
            return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }))
          }
          r.mails.push(mail)
          r.envelopes.push(session.envelope.rcptTo.map((a) => a.address))
          for (const wake of waiters.splice(0)) wake()
          if (r.hold) held.push(() => callback())
          else callback()
        },
        (e: Error) => callback(e),
      )
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  r.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`
  r.close = () =>
    new Promise((resolve) => {
      r.release()
      server.close(() => resolve())
    })
  return r
}
