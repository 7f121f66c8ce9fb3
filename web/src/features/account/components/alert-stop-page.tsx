import { BellOff, BellRing } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { ApiError } from '@/lib/api'
import { useDocumentTitle } from '@/lib/document-title'
import { useSession } from '@/lib/session'
import { useSite } from '@/lib/site'
import { useStopAlert } from '../api/alerts'
import type { AlertStopped } from '../api/types'
import { signInHref } from '../lib/redirect'
import { garagePath, offersGarage } from './account-link'

export const alertStopTexts = {
  title: 'Text alerts',
  stopping: 'Turning this alert off…',
  off: 'Alert turned off',
  alreadyOff: 'This alert is already off',
  stillOn: 'This alert is on',
  spent: 'This link has been used before, so it changed nothing this time.',
  resume: 'Turn it back on',
  resumeHint: 'To turn it back on, sign in: your alerts are in My Garage.',
  gone: 'This link no longer stops an alert: it may have expired (links work for 90 days), or the saved search may have been deleted. You can manage your alerts in My Garage.',
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
// without sign-in, once. A link used again says how the alert is and
// changes nothing; turning an alert back on needs sign-in, in My Garage
// (docs/behaviour/http.md#alert-stop-links).
export function AlertStopPage() {
  const site = useSite()
  const [params] = useSearchParams()
  const token = params.get('t') ?? ''
  const stop = useStopAlert()
  const started = useRef(false)
  useDocumentTitle(`${alertStopTexts.title} | ${site.name}`)
  useEffect(() => {
    if (started.current || !token) return
    started.current = true
    stop.mutate(token)
  }, [token, stop])

  const notFound = !token || (stop.error instanceof ApiError && stop.error.status === 404)
  const now = stop.data
  const garage = offersGarage(site)
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
              {now.spent ? alertStopTexts.alreadyOff : alertStopTexts.off}
            </h2>
            {now.spent && <p>{alertStopTexts.spent}</p>}
            <p>
              You will get no more {what(now)} from {site.name}.
            </p>
            {garage && <p className="text-muted-foreground">{alertStopTexts.resumeHint}</p>}
          </>
        )}
        {now && now.on && (
          <>
            <h2 className="flex items-center gap-2 text-xl font-semibold">
              <BellRing aria-hidden className="size-5" />
              {alertStopTexts.stillOn}
            </h2>
            <p>{alertStopTexts.spent}</p>
            <p>
              It was turned back on since: you get {what(now)} from {site.name}. You can turn it off in My Garage.
            </p>
          </>
        )}
      </div>
      {garage && (
        <div className="flex flex-wrap gap-3">
          {now && !now.on && <ResumeLink />}
          <Button asChild variant="outline">
            <Link to={garagePath}>{alertStopTexts.garage}</Link>
          </Button>
        </div>
      )}
    </div>
  )
}

// ResumeLink leads through sign-in to My Garage, where the buyer's alerts
// are turned back on: a stop link alone never turns one on.
function ResumeLink() {
  const session = useSession()
  const href = session.status === 'signed-in' ? garagePath : signInHref('my-garage', garagePath)
  return (
    <Button asChild>
      <Link to={href}>{alertStopTexts.resume}</Link>
    </Button>
  )
}
