// Renders the typed page sections of content/pages/*, content/countries/* (see blockSchema).
import type { PageContent } from '../../.velite/index.js'
import { facts } from '../../lib/content/data'
import { useI18n } from '../../lib/i18n/context'
import type { DownloadsDocuments } from '../../lib/documents/links'
import { FileList } from '../documents/file-list'
import { Actions } from './actions'
import type { ProductCard } from '../../lib/pages/product-card'
import { ProductCards } from './product-cards'

type Block = PageContent['blocks'][number]

export function Blocks({ blocks, products = [], documents }: { blocks: Block[]; products?: ProductCard[]; documents?: DownloadsDocuments }) {
  return (
    <>
      {blocks.map((block, i) => (
        <BlockView key={i} block={block} first={i === 0} products={products} documents={documents} />
      ))}
    </>
  )
}

function BlockView({ block, first, products, documents }: { block: Block; first: boolean; products: ProductCard[]; documents?: DownloadsDocuments }) {
  const { fill, t } = useI18n()
  const H = first ? 'h1' : 'h2'
  const heading = 'heading' in block && block.heading ? <H>{fill(block.heading)}</H> : null
  const intro = 'intro' in block && block.intro ? <p className="lead">{fill(block.intro)}</p> : null
  const id = block.id
  switch (block.type) {
    case 'hero':
      return (
        <section className="hero" id={id}>
          <div className="container">
            {block.eyebrow && <p className="eyebrow">{fill(block.eyebrow)}</p>}
            {heading}
            <p className="lead">{fill(block.text)}</p>
            <Actions actions={block.actions} />
          </div>
        </section>
      )
    case 'features':
    case 'steps': {
      const List = block.type === 'steps' ? 'ol' : 'ul'
      return (
        <section className={`section ${block.type}`} id={id}>
          <div className="container">
            {heading}
            {intro}
            <List className="card-grid">
              {block.items.map((item, i) => (
                <li key={i} className="card">
                  <h3>{fill(item.title)}</h3>
                  <p>{fill(item.text)}</p>
                </li>
              ))}
            </List>
            <Actions actions={block.actions} />
          </div>
        </section>
      )
    }
    case 'stats':
      return (
        <section className="section stats" id={id}>
          <div className="container">
            {heading}
            {intro}
            <dl className="stat-grid">
              {block.items.map((item, i) => (
                <div key={i} className="stat">
                  <dt>{fill(item.label)}</dt>
                  <dd>{fill(item.value)}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
      )
    case 'text':
      return (
        <section className="section prose-section" id={id}>
          <div className="container prose">
            {heading}
            {block.paragraphs.map((p, i) => (
              <p key={i}>{fill(p)}</p>
            ))}
            <Actions actions={block.actions} />
          </div>
        </section>
      )
    case 'list':
      return (
        <section className="section" id={id}>
          <div className="container prose">
            {heading}
            {intro}
            <ul className="check-list">
              {block.items.map((item, i) => (
                <li key={i}>{fill(item)}</li>
              ))}
            </ul>
            <Actions actions={block.actions} />
          </div>
        </section>
      )
    case 'compliance':
      return (
        <section className="section compliance" id={id}>
          <div className="container">
            {heading}
            {intro}
            <ul className="badge-list">
              {facts.compliance.map((c) => (
                <li key={c} className="badge">
                  <bdi>{c}</bdi>
                </li>
              ))}
            </ul>
            <Actions actions={block.actions} />
          </div>
        </section>
      )
    case 'products':
      return (
        <section className="section" id={id}>
          <div className="container">
            {heading}
            {intro}
            <ProductCards products={products} />
          </div>
        </section>
      )
    case 'table':
      return (
        <section className="section" id={id}>
          <div className="container">
            {heading}
            {intro}
            <div className="table-scroll">
              <table>
                <thead>
                  <tr>
                    {block.columns.map((c, i) => (
                      <th key={i} scope="col">
                        {fill(c)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {block.rows.map((row, r) => (
                    <tr key={r}>
                      {row.map((cell, c) =>
                        c === 0 ? (
                          <th key={c} scope="row">
                            {fill(cell)}
                          </th>
                        ) : (
                          <td key={c}>{fill(cell)}</td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Actions actions={block.actions} />
          </div>
        </section>
      )
    case 'faq':
      return (
        <section className="section" id={id}>
          <div className="container prose">
            {heading}
            <Faq items={block.items} />
          </div>
        </section>
      )
    case 'downloads':
      return (
        <section className="section" id={id}>
          <div className="container">
            {heading}
            {intro}
            <ul className="card-grid">
              {block.items.map((item) => {
                const files = documents?.items[item.id] ?? []
                return (
                  <li key={item.id} className="card" id={item.id}>
                    <h3>{fill(item.title)}</h3>
                    <p>{fill(item.text)}</p>
                    {files.length ? <FileList files={files} /> : <p className="on-request">{t('documents.onRequest')}</p>}
                  </li>
                )
              })}
            </ul>
            {documents && documents.sheets.length > 0 && (
              <div className="data-sheets" id="data-sheets">
                <h3>{t('documents.sheets.heading')}</h3>
                <p>{t('documents.sheets.intro')}</p>
                <FileList files={documents.sheets} />
              </div>
            )}
          </div>
        </section>
      )
    case 'cta':
      return (
        <section className="section cta" id={id}>
          <div className="container">
            {heading}
            <p className="lead">{fill(block.text)}</p>
            <Actions actions={block.actions} />
          </div>
        </section>
      )
  }
}

export function Faq({ items }: { items: { q: string; a: string }[] }) {
  const { fill } = useI18n()
  return (
    <div className="faq">
      {items.map((item, i) => (
        <details key={i}>
          <summary>{fill(item.q)}</summary>
          <p>{fill(item.a)}</p>
        </details>
      ))}
    </div>
  )
}
