import { Component, type ReactNode } from 'react'

// The spec's default error screen for an unhandled error while a page runs in the browser.
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null }
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    const status = (error as { status?: number }).status
    return (
      <div className="container app-error" role="alert">
        <h1>Unexpected Application Error!</h1>
        <p>
          {status ? `${status} ` : ''}
          {error.message}
        </p>
      </div>
    )
  }
}
