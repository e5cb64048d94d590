// Environment access that works on Deno (Supabase Edge Functions) and in Node (the local backend).
declare const Deno: { env: { get(name: string): string | undefined } } | undefined

export type Env = (name: string) => string | undefined

export const runtimeEnv: Env = (name) => {
  const value = typeof Deno !== 'undefined' ? Deno.env.get(name) : (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[name]
  return value?.trim() || undefined
}
