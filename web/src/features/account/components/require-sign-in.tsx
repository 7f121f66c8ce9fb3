import { useEffect, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { leftAfterSignOut, signingOutOf } from '../api/session-actions'
import { useSession } from '@/lib/session'
import { signInHref, type Purpose } from '../lib/redirect'

// RequireSignIn is the gate of docs/behaviour/states.md#gated-routes: a signed-in
// visitor sees children; a signed-out one goes to sign-in with the purpose,
// this page (with its query) to come back to, and this path as "back".
// While the session or the caller (ready=false, e.g. the car's slug is not
// known yet) is loading, it shows a quiet loading state.
export function RequireSignIn({ purpose, ready = true, children }: { purpose: Purpose; ready?: boolean; children: ReactNode }) {
  const session = useSession({ check: true })
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const leave = ready && session.status === 'signed-out'
  useEffect(() => {
    // A sign-out on this page is on its way elsewhere: no sign-in.
    if (leave && !signingOutOf(pathname)) void navigate(signInHref(purpose, pathname + search, pathname), { replace: true })
  }, [leave, navigate, purpose, pathname, search])
  useEffect(() => leftAfterSignOut, [])
  if (!ready || session.status !== 'signed-in') {
    return (
      <div className="mx-auto min-h-[50vh] max-w-3xl px-4 py-16" aria-busy="true">
        <p role="status" className="sr-only">
          Checking your sign-in…
        </p>
      </div>
    )
  }
  return <>{children}</>
}
