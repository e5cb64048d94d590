// The types of the string format, shared by ./fill.ts (the browser's placeholder filler) and
// ./translate.ts (the full implementation, which builds on fill.ts): here so that neither has to
// import the other for its types.
import type { Vars } from './message'
import type { UiKey } from './ui-keys'

export type { UiKey, Vars }

/** One locale's UI strings: key → text. */
export type Dictionary = Record<string, string>

/**
 * A key t() accepts: any UiKey; a template such as `product.${id}.name` when at least one UiKey
 * matches its pattern; a plain `string` (computed keys cannot be checked). A literal that is no
 * UiKey, `nav.hom`, becomes `never` and fails the typecheck.
 */
export type KnownKey<K extends string> = K extends UiKey ? K : [Extract<UiKey, K>] extends [never] ? never : K
export type Translate = <const K extends string>(key: K & KnownKey<K>, vars?: Vars) => string
