// A stand-in for hCaptcha's and Turnstile's siteverify endpoint on a free loopback port: it
// records each form post and answers what the test set (`answer`).
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface CaptchaVerifier {
  url: string
  posts: URLSearchParams[]
  answer: { status: number; body: Record<string, unknown> | string }
  close(): Promise<void>
}

export async function captchaVerifier(): Promise<CaptchaVerifier> {
  const v: CaptchaVerifier = { url: '', posts: [], answer: { status: 200, body: { success: true } }, close: async () => {} }
  const server = http.createServer((req, res) => {
    let text = ''
    req.on('data', (c: Buffer) => (text += c.toString()))
    req.on('end', () => {
      v.posts.push(new URLSearchParams(text))
      res.writeHead(v.answer.status, { 'Content-Type': 'application/json' })
      res.end(typeof v.answer.body === 'string' ? v.answer.body : JSON.stringify(v.answer.body))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  v.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`
  v.close = () => new Promise((r) => server.close(() => r()))
  return v
}
