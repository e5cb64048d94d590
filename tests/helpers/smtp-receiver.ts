// A real SMTP server for tests (smtp-server on a free loopback port): it parses every mail it
// receives, can answer the next ones with a temporary failure, and lets a test wait for a
// number of mails to have arrived (the event itself, not a guess at how long delivery takes).
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'

export interface SmtpReceiver {
  url: string
  mails: ParsedMail[]
  /** Answer the next n messages with a temporary failure (451). */
  failNext: number
  /** Resolves once at least n mails have arrived in all. */
  arrived(n: number): Promise<void>
  close(): Promise<void>
}

export async function smtpReceiver(): Promise<SmtpReceiver> {
  const waiters: (() => void)[] = []
  const r: SmtpReceiver = {
    url: '',
    mails: [],
    failNext: 0,
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
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (r.failNext > 0) {
            r.failNext--
            return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }))
          }
          r.mails.push(mail)
          for (const wake of waiters.splice(0)) wake()
          callback()
        },
        (e: Error) => callback(e),
      )
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  r.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`
  r.close = () => new Promise((resolve) => server.close(() => resolve()))
  return r
}
