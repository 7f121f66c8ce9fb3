import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react'

// One toast at a time (SPEC.md section 9: toast limit 1): a new one
// replaces the old. Announced politely to screen readers.
type ToastApi = { show: (text: string, ms: number) => void }

const ToastContext = createContext<ToastApi>({ show: () => {} })

export function useToast(): ToastApi {
  return useContext(ToastContext)
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [text, setText] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const show = useCallback((t: string, ms: number) => {
    clearTimeout(timer.current)
    setText(t)
    timer.current = setTimeout(() => setText(''), ms)
  }, [])
  return (
    <ToastContext.Provider value={{ show }}>
      {children}
      <div aria-live="polite" role="status" className="pointer-events-none fixed inset-x-0 bottom-24 z-50 flex justify-center px-4 md:bottom-6">
        {text && <p className="pointer-events-auto rounded-md bg-foreground px-4 py-3 text-sm font-medium text-background shadow-lg">{text}</p>}
      </div>
    </ToastContext.Provider>
  )
}
