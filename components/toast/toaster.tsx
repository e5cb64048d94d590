// Notifications (spec §4, §9): at most one at a time, and a new one replaces the previous; each
// closes after 5000 ms (unless its duration is Infinity), with its close button, a swipe to the
// right past 50 px, or Escape; F8 moves focus to the region labelled "Notifications (F8)".
// @radix-ui/react-toast implements the timing, swipe, Escape, hotkey and live announcements;
// this file only keeps the single current toast and gives it the spec's fields.
import * as Toast from '@radix-ui/react-toast'
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react'

export const TOAST_DURATION_MS = 5000
export const TOAST_SWIPE_THRESHOLD_PX = 50

export type ToastVariant = 'default' | 'destructive'
export type ToastOptions = {
  title: string
  description?: string
  variant?: ToastVariant
  action?: { label: string; altText: string; onClick: () => void }
  /** Infinity keeps the toast until it is dismissed. */
  duration?: number
}
type ShownToast = ToastOptions & { id: number }

const ToastContext = createContext<((toast: ToastOptions) => void) | null>(null)

export function useToast(): (toast: ToastOptions) => void {
  const show = useContext(ToastContext)
  if (!show) throw new Error('useToast() must be used inside <Toaster>')
  return show
}

let nextId = 1

export function Toaster({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null)
  // A new id gives a new <Toast.Root key>: the previous toast unmounts and the new one starts
  // its own timer, which is "a new one replaces the previous".
  const show = useCallback((toast: ToastOptions) => setCurrent({ ...toast, id: nextId++ }), [])
  const dismiss = (id: number) => setCurrent((c) => (c?.id === id ? null : c))

  return (
    <ToastContext.Provider value={show}>
      <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
        {children}
        {current ? (
          <Toast.Root
            key={current.id}
            className={`toast toast-${current.variant ?? 'default'}`}
            // Failures interrupt (assertive); other notices wait for a pause (polite).
            type={current.variant === 'destructive' ? 'foreground' : 'background'}
            duration={current.duration}
            onOpenChange={(open) => {
              if (!open) dismiss(current.id)
            }}
          >
            <Toast.Title className="toast-title">{current.title}</Toast.Title>
            {current.description ? <Toast.Description className="toast-description">{current.description}</Toast.Description> : null}
            {current.action ? (
              <Toast.Action className="btn btn-secondary toast-action" altText={current.action.altText} onClick={current.action.onClick}>
                {current.action.label}
              </Toast.Action>
            ) : null}
            <Toast.Close className="toast-close" aria-label="Close">
              <span aria-hidden="true">×</span>
            </Toast.Close>
          </Toast.Root>
        ) : null}
        <Toast.Viewport className="toast-viewport" hotkey={['F8']} label="Notifications ({hotkey})" />
      </Toast.Provider>
    </ToastContext.Provider>
  )
}
