import { UserRound } from 'lucide-react'
import { Link } from 'react-router'
import { useSite } from '@/lib/site'
import { useSession } from '@/lib/session'
import { signInHref } from '../lib/redirect'

export const garagePath = '/my-garage'

// offersGarage: the site lists /my-garage among its pages.
export function offersGarage(site: { pages?: readonly { path: string }[] | null }): boolean {
  return (site.pages ?? []).some((p) => p.path === garagePath)
}

// AccountLink is the header's way into the visitor's garage: "Sign In"
// while signed out, "My Garage" once signed in; only where the site offers it.
export function AccountLink({ className }: { className?: string }) {
  const site = useSite()
  if (!offersGarage(site)) return null
  return <AccountLinkInner className={className} />
}

function AccountLinkInner({ className }: { className?: string }) {
  const session = useSession()
  const signedIn = session.status === 'signed-in'
  const href = signedIn ? garagePath : signInHref('my-garage', garagePath)
  return (
    <Link
      to={href}
      className={
        'inline-flex items-center gap-2 whitespace-nowrap rounded-md p-2 text-sm font-semibold hover:bg-header-foreground/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ' +
        (className ?? '')
      }
      // No flash of the wrong words while the session is checked.
      style={session.status === 'loading' ? { visibility: 'hidden' } : undefined}
    >
      <UserRound aria-hidden className="size-5 sm:size-4" />
      {/* Words from 1366 px; an icon (still named) where the header is crowded. */}
      <span className="max-[1365px]:sr-only">{signedIn ? 'My Garage' : 'Sign In'}</span>
    </Link>
  )
}
