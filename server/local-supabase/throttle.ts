// Failure counters for sign-in and TOTP verification, as hosted GoTrue rate-limits them: after
// `max` failures within `windowMs` a key is blocked until the window that began with its first
// failure ends. In memory: a restart of the local server forgets them, which is fine for a
// development stand-in (a TOTP code's replay protection, by contrast, is stored).
export class Throttle {
  private readonly failures = new Map<string, { count: number; first: number }>()

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Milliseconds until the key may try again; 0 when it may now. */
  blockedFor(key: string, now = Date.now()): number {
    const f = this.failures.get(key)
    if (!f) return 0
    const left = f.first + this.windowMs - now
    if (left <= 0) {
      this.failures.delete(key)
      return 0
    }
    return f.count >= this.max ? left : 0
  }

  fail(key: string, now = Date.now()): void {
    const f = this.failures.get(key)
    if (!f || f.first + this.windowMs <= now) this.failures.set(key, { count: 1, first: now })
    else f.count++
  }

  reset(key: string): void {
    this.failures.delete(key)
  }
}

export interface ThrottleOptions {
  /** Wrong passwords per email before sign-in is refused for the rest of the window (default 5). */
  passwordFailures?: number
  /** Wrong TOTP codes per challenge before that challenge is refused (default 5). */
  challengeFailures?: number
  /** Wrong TOTP codes per factor, over all its challenges (default 10). */
  factorFailures?: number
  /** Window in seconds (default 900, GoTrue's 15 minutes). */
  windowSeconds?: number
}

export interface AuthThrottles {
  password: Throttle
  challenge: Throttle
  factor: Throttle
}

export function authThrottles(o: ThrottleOptions = {}): AuthThrottles {
  const ms = (o.windowSeconds ?? 900) * 1000
  return {
    password: new Throttle(o.passwordFailures ?? 5, ms),
    challenge: new Throttle(o.challengeFailures ?? 5, ms),
    factor: new Throttle(o.factorFailures ?? 10, ms),
  }
}
