// content/audit.yml: where translatable text lives, which fields are structure, and which text
// may stay identical to English. The audit reads every such decision from content, never code.
import { z } from 'zod'

export const sourceSchema = z
  .object({
    /** Path pattern under content/: {locale} and {id} (or any {name}) match one path segment. */
    files: z.string().regex(/\{locale\}/, 'files must contain {locale}'),
    /** "ui": flat dotted keys merged across all files of a locale; "text": YAML or MDX by extension. */
    format: z.enum(['ui', 'text']).default('text'),
    /** The content/routes.yml route the file belongs to, e.g. "product/{id}". */
    route: z.string().optional(),
  })
  .strict()

/** Texts that must be reviewed before release: a translated text of a matching file below `state` is an error. */
export const reviewRuleSchema = z
  .object({
    /** English file pattern under content/: {locale} (or any {name}) and * match within one path segment. */
    files: z.string().regex(/\{locale\}/, 'files must contain {locale}, e.g. "pages/about/{locale}.yml"'),
    state: z.enum(['reviewed', 'final']).default('reviewed'),
    /** Only in these locales (default: every translated locale). */
    locales: z.array(z.string()).optional(),
  })
  .strict()

export const auditConfigSchema = z
  .object({
    sources: z.array(sourceSchema).min(1),
    /** Lock file of each translation file: {file} is its path under content/ (extension .yml). */
    lock: z.string().regex(/\{file\}/, 'lock must contain {file}, e.g. "i18n-lock/{file}" (one lock file per translation file)'),
    structural: z.array(z.string()).default([]),
    /** List items with this field (a link target) are matched by it instead of by position. */
    linkField: z.string().optional(),
    ignored: z.array(z.string()).default([]),
    identical: z.record(z.string(), z.array(z.string())).default({}),
    review: z.array(reviewRuleSchema).default([]),
  })
  .strict()

export type AuditConfig = z.infer<typeof auditConfigSchema>
export type Source = z.infer<typeof sourceSchema>

/** The state a text of this English file must reach in `locale`, from content/audit.yml `review:` (the strictest rule). */
export function reviewRequirement(rules: z.infer<typeof reviewRuleSchema>[]): (englishRel: string, locale: string) => 'reviewed' | 'final' | undefined {
  if (!rules.length) return () => undefined
  const compiled = rules.map((rule) => ({
    ...rule,
    regex: new RegExp(
      `^${rule.files
        .split(/(\{[a-zA-Z]+\}|\*)/)
        .map((part) => (part === '*' || /^\{[a-zA-Z]+\}$/.test(part) ? '[^/]*' : part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')))
        .join('')}$`,
    ),
  }))
  const memo = new Map<string, 'reviewed' | 'final' | undefined>()
  return (englishRel, locale) => {
    const key = `${locale} ${englishRel}`
    if (!memo.has(key)) {
      const hits = compiled.filter((r) => (!r.locales || r.locales.includes(locale)) && r.regex.test(englishRel)).map((r) => r.state)
      memo.set(key, hits.includes('final') ? 'final' : hits[0])
    }
    return memo.get(key)
  }
}
