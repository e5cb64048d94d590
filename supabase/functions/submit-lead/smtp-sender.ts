// One try of one mail over SMTP, with a deadline, telling apart what the deadline means:
// - the message was not yet handed over (still connecting, greeting, or before the data ended):
//   the try is stopped (the rest of the message stream errors, so the server never gets the
//   final dot and cannot accept it) and the mail has certainly not gone out: 'failed';
// - the whole message was handed over and no answer came: the server may have stored it
//   ('uncertain'); `late` resolves true if the answer comes after all.
// nodemailer's own timeouts are set too (its defaults run to minutes): connecting and the
// greeting end inside the try's deadline; the socket's silence limit (60 s) lies past it, so the
// deadline decides a try and a late answer can still arrive and be recorded.
import { Transform } from 'node:stream'
import nodemailer from 'nodemailer'
import type { MailMessage } from './mail.ts'

export type TryResult = { outcome: 'sent' } | { outcome: 'failed' | 'refused'; error: string } | { outcome: 'uncertain'; error: string; late: Promise<boolean> }

/** Sends one message; `handover` is set once its data has been handed to the server. */
export type SendMail = (msg: MailMessage & { messageId?: string }, handover: Handover) => Promise<void>

export interface Handover {
  handedOver: boolean
  aborted: boolean
}

const transports = new Map<string, SendMail>()

export function smtpSender(url: string): SendMail {
  let send = transports.get(url)
  if (!send) {
    // The URL's own query (?greetingTimeout=…) still wins: nodemailer merges it over these.
    const transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 })
    // Every message's data passes this stage on its way to the server: it marks the handover,
    // and stops a message whose try has already given up.
    transport.use('stream', (mail, done) => {
      const handover = (mail.data as { handover?: Handover }).handover
      if (handover) {
        const stage = new Transform({
          transform(chunk, _encoding, next) {
            if (handover.aborted) next(new Error('the try ended before the message was handed over'))
            else next(null, chunk)
          },
        })
        stage.on('end', () => {
          handover.handedOver = true
        })
        mail.message.transform(stage)
      }
      done()
    })
    send = async (msg, handover) => {
      await transport.sendMail({ ...msg, handover } as Parameters<typeof transport.sendMail>[0])
    }
    transports.set(url, send)
  }
  return send
}

/** One try within `ms` (or until `deadline`, if that comes first): see the top of this file for what each outcome means. */
export function tryOnce(send: SendMail, msg: MailMessage & { messageId?: string }, ms: number, what: string, deadline?: Promise<unknown>): Promise<TryResult> {
  const handover: Handover = { handedOver: false, aborted: false }
  const sending = send(msg, handover)
  return new Promise<TryResult>((resolve) => {
    let done = false
    const seconds = ms < 10_000 ? (ms / 1000).toFixed(1) : String(Math.round(ms / 1000))
    const expire = (within: string) => {
      if (done) return
      done = true
      clearTimeout(timer)
      if (handover.handedOver) {
        resolve({
          outcome: 'uncertain',
          error: `${what}: handed over, no answer ${within}`,
          late: sending.then(
            () => true,
            () => false,
          ),
        })
      } else {
        handover.aborted = true
        sending.catch(() => undefined)
        resolve({ outcome: 'failed', error: `${what}: no answer ${within}` })
      }
    }
    const timer = setTimeout(() => expire(`within ${seconds} s`), ms)
    deadline?.then(() => expire('before the deadline'))
    sending.then(
      () => {
        if (done) return
        done = true
        clearTimeout(timer)
        resolve({ outcome: 'sent' })
      },
      (e: unknown) => {
        if (done) return
        done = true
        clearTimeout(timer)
        const code = (e as { responseCode?: unknown }).responseCode
        const error = `${what}: ${e instanceof Error ? e.message : String(e)}`
        // A reply from the server is definite: 5xx refuses for good, 4xx asks for a later try.
        if (typeof code === 'number') resolve({ outcome: code >= 500 ? 'refused' : 'failed', error })
        // The connection broke after the whole message went: it may have been stored.
        else if (handover.handedOver) resolve({ outcome: 'uncertain', error: `${error} (after the message was handed over)`, late: Promise.resolve(false) })
        else resolve({ outcome: 'failed', error })
      },
    )
  })
}
