// Writing a lead form's draft (lib/leads/draft.ts has the rest): on its own and tiny, because the
// form saves on every change from its first-load code, synchronously, so a reload right after
// typing loses nothing; reading and checking a draft loads later, with the form's other code.
export type DraftValue = string | boolean | string[]
export type Draft = { id?: string; values: Record<string, DraftValue> }

export const draftKey = (kind: string) => `leadDraft:${kind}`

/** `storage` null: sessionStorage is blocked here, and nothing is saved. */
export function saveDraft(storage: Storage | null, kind: string, draft: Draft): void {
  try {
    storage?.setItem(draftKey(kind), JSON.stringify(draft))
  } catch {
    /* storage blocked or full: the form still works, the draft just does not survive a reload */
  }
}
