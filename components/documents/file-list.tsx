import type { FileLink } from '../../lib/documents/links'

/** Downloadable files: the link names the document, the line below gives language, type, size and date. */
export function FileList({ files, className = 'file-list' }: { files: FileLink[]; className?: string }) {
  return (
    <ul className={className}>
      {files.map((f) => (
        <li key={f.href}>
          <a href={f.href} type="application/pdf" hrefLang={f.lang === 'all' ? undefined : f.lang}>
            {f.label || f.details}
          </a>
          {f.label && <span className="file-details">{f.details}</span>}
        </li>
      ))}
    </ul>
  )
}
