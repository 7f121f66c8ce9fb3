import { queryKeys } from '@/lib/query-keys'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'react-router'
import { api } from '@/lib/api'
import { setSessionHint } from '../lib/session-hint'
import { sessionKey } from '@/lib/session'

// Signing in and out, for the account pages only (the header's account
// link reads the session alone).
export function requestCode(phone: string) {
  return api('post', '/api/auth/otp', { body: { phone } })
}

export function useRequestCode() {
  return useMutation({ mutationFn: requestCode })
}

export function useVerifyCode() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (v: { phone: string; code: string }) => api('post', '/api/auth/verify', { body: v }),
    onSuccess: (me) => {
      setSessionHint(true)
      qc.setQueryData(sessionKey, me)
      // Whatever was read signed out (watchlist, garage) belongs to no one now.
      void qc.invalidateQueries({ queryKey: queryKeys.account(), predicate: (q) => q.queryKey[1] !== 'me' })
    },
  })
}

// leaving is the page a sign-out with somewhere to go is leaving: its
// sign-in gate stays quiet until the page is gone. The way out may still
// be loading (a page's code) when the app forgets the session, and the
// gate, still drawn, would otherwise send the visitor to sign-in instead.
let leaving: string | null = null

// signingOutOf reports a sign-out leaving path.
export function signingOutOf(path: string): boolean {
  return leaving === path
}

// leftAfterSignOut is told by a gate that is gone.
export function leftAfterSignOut() {
  leaving = null
}

// useSignOut ends the session. leave (e.g. going home from a gated page)
// runs before the app forgets the session, and the gate of the page being
// left does not send the visitor to sign-in meanwhile.
export function useSignOut(leave?: () => Promise<void> | void) {
  const qc = useQueryClient()
  const { pathname } = useLocation()
  return useMutation({
    mutationFn: () => api('post', '/api/auth/sign-out'),
    onSuccess: async () => {
      if (leave) leaving = pathname
      await leave?.()
      setSessionHint(false)
      qc.setQueryData(sessionKey, null)
      qc.removeQueries({ queryKey: queryKeys.account(), predicate: (q) => q.queryKey[1] !== 'me' })
    },
  })
}
