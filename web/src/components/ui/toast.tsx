import { X } from 'lucide-react'
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router'

// One toast at a time (docs/behaviour/states.md#other and
// docs/behaviour/constants.md#toasts: at most 1): a new one replaces the old.
// Announced politely to screen readers; an action link (e.g. 'View List') may
// follow the text, and a note in smaller print may follow it (what happens
// next).
export type ToastAction = { label: string; to: string }
type Toast = { id: number; text: string; action?: ToastAction; note?: string }
export type ToastApi = { show: (text: string, ms: number, action?: ToastAction, note?: string) => void; dismiss: () => void }

const ToastContext = createContext<ToastApi | null>(null)
const noToast: ToastApi = { show: () => {}, dismiss: () => {} }

export function useToast(): ToastApi {
  return useContext(ToastContext) ?? noToast
}

// ToastProvider draws the page's one toast region. Nested inside another
// provider it adds nothing, so every toast of the page shares one slot.
export function ToastProvider({ children }: { children: ReactNode }) {
  const outer = useContext(ToastContext)
  if (outer) return <>{children}</>
  return <ToastRegion>{children}</ToastRegion>
}

function ToastRegion({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const seq = useRef(0)
  useEffect(() => () => clearTimeout(timer.current), [])
  const dismiss = useCallback(() => {
    clearTimeout(timer.current)
    setToast(null)
  }, [])
  const show = useCallback((text: string, ms: number, action?: ToastAction, note?: string) => {
    clearTimeout(timer.current)
    seq.current += 1
    setToast({ id: seq.current, text, action, note })
    timer.current = setTimeout(() => setToast(null), ms)
  }, [])
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss])
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div aria-live="polite" role="status" className="pointer-events-none fixed inset-x-0 bottom-24 z-50 flex justify-center px-4 md:bottom-6">
        {toast && (
          <div
            key={toast.id}
            data-testid="toast"
            className="pointer-events-auto flex items-center gap-3 rounded-md bg-foreground px-4 py-3 text-sm font-medium text-background shadow-lg"
          >
            <div className="space-y-0.5">
              <p>{toast.text}</p>
              {toast.note && <p className="max-w-sm text-xs font-normal opacity-90">{toast.note}</p>}
            </div>
            {toast.action && (
              <Link to={toast.action.to} onClick={dismiss} className="font-semibold underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-background">
                {toast.action.label}
              </Link>
            )}
            {toast.action && (
              <button type="button" onClick={dismiss} aria-label="Dismiss" className="rounded p-1 hover:bg-background/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-background">
                <X aria-hidden className="size-4" />
              </button>
            )}
          </div>
        )}
      </div>
    </ToastContext.Provider>
  )
}
