// Which texts need the plural/select parser (./message.ts): the server marks island props that
// hold such a text (renderer/island-props.ts), and ./translate.ts sends every other text to the
// placeholder filler of ./fill.ts. Not first-load code of the form islands.

/**
 * Where a plural or select form starts, exactly as ./message.ts parseMessage() starts one:
 * "{name, plural," or "{name, select," (spaces allowed around the comma).
 */
const FORM = /\{[a-zA-Z][a-zA-Z0-9_]*\s*,\s*(?:plural|select)(?![a-zA-Z0-9_])/

/** True when the text has a plural or select form (then only ./translate.ts fills it right). */
export const hasForms = (text: string) => FORM.test(text)

/** True when any string in the value (a page's props or data, at any depth) has such a form. */
export const textsHaveForms = (value: unknown): boolean =>
  typeof value === 'string' ? hasForms(value) : typeof value === 'object' && value !== null && Object.values(value).some(textsHaveForms)
