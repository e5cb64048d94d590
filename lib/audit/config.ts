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
  })
  .strict()

export type AuditConfig = z.infer<typeof auditConfigSchema>
export type Source = z.infer<typeof sourceSchema>
