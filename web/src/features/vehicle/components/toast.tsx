// The page's one toast (SPEC.md section 9: toast limit 1) is shared with
// the rest of the site; the vehicle page keeps its own provider so it shows
// toasts when drawn alone (inside the site layout it adds nothing).
export { ToastProvider, useToast } from '@/components/ui/toast'
