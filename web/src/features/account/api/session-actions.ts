import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import { setSessionHint } from '../lib/session-hint'
import { sessionKey } from './session'
import type { Me } from './types'

// Signing in and out, for the account pages only (the header's account
// link reads the session alone).
export function requestCode(phone: string) {
  return apiFetch<void>('/api/auth/otp', { method: 'POST', body: { phone } })
}

export function useRequestCode() {
  return useMutation({ mutationFn: requestCode })
}

export function useVerifyCode() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (v: { phone: string; code: string }) => apiFetch<Me>('/api/auth/verify', { method: 'POST', body: v }),
    onSuccess: (me) => {
      setSessionHint(true)
      qc.setQueryData(sessionKey, me)
      // Whatever was read signed out (watchlist, garage) belongs to no one now.
      void qc.invalidateQueries({ queryKey: ['account'], predicate: (q) => q.queryKey[1] !== 'me' })
    },
  })
}

// useSignOut ends the session. leave (e.g. going home from a gated page)
// runs before the app forgets the session, so no sign-in gate on the page
// being left sends the visitor to sign-in.
export function useSignOut(leave?: () => Promise<void> | void) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/auth/sign-out', { method: 'POST' }),
    onSuccess: async () => {
      await leave?.()
      setSessionHint(false)
      qc.setQueryData(sessionKey, null)
      qc.removeQueries({ queryKey: ['account'], predicate: (q) => q.queryKey[1] !== 'me' })
    },
  })
}
