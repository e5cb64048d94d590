// What a buyer typed into a lead form, kept in the tab's sessionStorage so that a failed
// submission (or a reload in the middle of typing) loses nothing; cleared once the lead is
// stored. sessionStorage: the draft never outlives the tab and is never shared with another.
// The lead id travels with the draft, so a retry after a reload cannot store the lead twice.
import { draftKey, type Draft, type DraftValue } from './draft-save'

export { draftKey, saveDraft, type Draft, type DraftValue } from './draft-save'

const isValue = (v: unknown): v is DraftValue => typeof v === 'string' || typeof v === 'boolean' || (Array.isArray(v) && v.every((x) => typeof x === 'string'))

/**
 * The saved draft, keeping only the fields this form has (`fields`, with their types): a draft
 * from an older version of the form, or edited by hand, cannot inject anything else.
 */
export function loadDraft(storage: Storage, kind: string, fields: Record<string, DraftValue>): Draft | undefined {
  let raw: unknown
  try {
    raw = JSON.parse(storage.getItem(draftKey(kind)) ?? 'null')
  } catch {
    return undefined
  }
  if (!raw || typeof raw !== 'object') return undefined
  const { id, values } = raw as { id?: unknown; values?: unknown }
  if (!values || typeof values !== 'object') return undefined
  const kept: Record<string, DraftValue> = {}
  for (const [name, v] of Object.entries(values)) {
    if (!Object.hasOwn(fields, name) || !isValue(v)) continue
    if (Array.isArray(v) !== Array.isArray(fields[name]) || (!Array.isArray(v) && typeof v !== typeof fields[name])) continue
    kept[name] = v
  }
  const draft: Draft = { values: kept }
  if (typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) draft.id = id
  return draft
}

export function clearDraft(storage: Storage, kind: string): void {
  try {
    storage.removeItem(draftKey(kind))
  } catch {
    /* nothing to clear */
  }
}
