// The "notes" cell of the report: what a translator or reviewer should look at first.
import type { LocaleStats } from './compare'

const count = (n: number, one: string, many = `${one}s`) => (n ? [`${n} ${n === 1 ? one : many}`] : [])

export function localeNotes(stats: LocaleStats, isSource: boolean): string {
  const placeholderSections = [...new Set(stats.placeholderPages.map((key) => key.split('/')[0]!))]
  const notes = [
    ...(isSource ? ['source language'] : []),
    ...count(stats.missing, 'missing text'),
    ...count(stats.empty, 'empty text'),
    ...count(stats.placeholderMismatches, 'placeholder mismatch', 'placeholder mismatches'),
    ...count(stats.stale, 'stale translation'),
    ...count(stats.identical, 'text identical to English', 'texts identical to English'),
    ...count(stats.structureMismatches, 'structure mismatch', 'structure mismatches'),
    ...count(stats.extra, 'text not in English', 'texts not in English'),
    ...count(stats.qaErrors, 'QA error'),
    ...count(stats.qaWarnings, 'QA warning'),
    ...(stats.placeholderPages.length
      ? [`${stats.placeholderPages.length} placeholder page${stats.placeholderPages.length === 1 ? '' : 's'} not counted (${placeholderSections.join(', ')})`]
      : []),
    ...(stats.unlocked ? [`${stats.unlocked} not in the lock file (run npm run audit:lock -- --locale ${stats.locale})`] : []),
  ]
  if (!isSource && !stats.missing && !stats.empty && !stats.placeholderMismatches && !stats.stale && !stats.qaErrors) notes.unshift('complete')
  return notes.join('; ')
}
