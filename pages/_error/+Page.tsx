// https://vike.dev/error-page: only reached when rendering throws (unknown URLs are routed to
// the localized not-found page by +onBeforeRoute). Shows the spec's default error screen.
import { usePageData } from '../../components/page-data'

export default function Page() {
  const { status, message } = usePageData<{ status: number; message: string }>()
  return (
    <section className="section">
      <div className="container prose" role="alert">
        <h1>Unexpected Application Error!</h1>
        <p>
          {status} {message}
        </p>
      </div>
    </section>
  )
}
