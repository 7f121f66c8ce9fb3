import { BellOff, BellRing } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { ApiError } from '@/lib/api'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { useAlertLink } from '../api/alerts'
import type { AlertStopped } from '../api/types'
import { garagePath, offersGarage } from './account-link'

export const alertStopTexts = {
  title: 'Text alerts',
  stopping: 'Turning this alert off…',
  off: 'Alert turned off',
  on: 'Alert turned back on',
  resume: 'Turn it back on',
  resuming: 'Turning it back on…',
  gone: 'This link no longer stops an alert: the saved search may have been deleted. You can manage your alerts in My Garage.',
  failed: 'The alert could not be changed just now. Please try again in a moment.',
  garage: 'Manage alerts in My Garage',
}

// what says which texts the link is about.
function what(a: AlertStopped): string {
  if (a.kind === 'price_drop') return 'texts when a car on your watchlist drops in price'
  return `texts about new cars matching "${a.name ?? 'your saved search'}"`
}

// AlertStopPage is /alerts/stop?t=…, the link that ends every alert text
// (docs/behaviour/http.md#alert-messages): opening it turns that alert off
// without sign-in, and a button turns it back on.
export function AlertStopPage() {
  const site = useSite()
  const [params] = useSearchParams()
  const token = params.get('t') ?? ''
  const stop = useAlertLink('stop')
  const resume = useAlertLink('resume')
  const started = useRef(false)
  useDocumentTitle(`${alertStopTexts.title} | ${site.name}`)
  useEffect(() => {
    if (started.current || !token) return
    started.current = true
    stop.mutate(token)
  }, [token, stop])

  const notFound = !token || (stop.error instanceof ApiError && stop.error.status === 404)
  const now = resume.data ?? stop.data
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-12">
      <h1 className="text-3xl font-bold">{alertStopTexts.title}</h1>
      <p className="text-muted-foreground">
        Every text alert from {site.name} ends with a link to this page. Opening it turns that alert off, with no need to sign in.
      </p>
      <div role="status" aria-live="polite" className="space-y-3">
        {notFound && <p>{alertStopTexts.gone}</p>}
        {!notFound && stop.isError && <p>{alertStopTexts.failed}</p>}
        {token && stop.isPending && <p className="text-muted-foreground">{alertStopTexts.stopping}</p>}
        {now && !now.on && (
          <>
            <h2 className="flex items-center gap-2 text-xl font-semibold">
              <BellOff aria-hidden className="size-5" />
              {alertStopTexts.off}
            </h2>
            <p>
              You will get no more {what(now)} from {site.name}.
            </p>
          </>
        )}
        {now && now.on && (
          <>
            <h2 className="flex items-center gap-2 text-xl font-semibold">
              <BellRing aria-hidden className="size-5" />
              {alertStopTexts.on}
            </h2>
            <p>
              You will get {what(now)} from {site.name} again.
            </p>
          </>
        )}
        {resume.isError && <p role="alert">{alertStopTexts.failed}</p>}
      </div>
      <div className="flex flex-wrap gap-3">
        {now && !now.on && (
          <Button onClick={() => resume.mutate(token)} disabled={resume.isPending} aria-busy={resume.isPending}>
            {resume.isPending ? alertStopTexts.resuming : alertStopTexts.resume}
          </Button>
        )}
        {offersGarage(site) && (
          <Button asChild variant="outline">
            <Link to={garagePath}>{alertStopTexts.garage}</Link>
          </Button>
        )}
      </div>
    </div>
  )
}
