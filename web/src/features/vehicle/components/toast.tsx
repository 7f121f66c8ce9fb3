// The page's one toast (docs/behaviour/constants.md: toast limit 1) is shared with
// the rest of the site; the vehicle page keeps its own provider so it shows
// toasts when drawn alone (inside the site layout it adds nothing).
export { ToastProvider, useToast } from '@/components/ui/toast'
