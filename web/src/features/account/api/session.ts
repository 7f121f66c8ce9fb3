import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiFetch } from '@/lib/api'
import { hasSessionHint, setSessionHint } from '../lib/session-hint'
import type { Me } from './types'

export const sessionKey = ['account', 'me'] as const

// The visitor's session on this site: their phone, or null when signed out
// (the server answers 401).
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKey,
    queryFn: async ({ signal }): Promise<Me | null> => {
      try {
        const me = await apiFetch<Me>('/api/me', { signal })
        setSessionHint(true)
        return me
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) {
          setSessionHint(false)
          return null
        }
        throw err
      }
    },
    staleTime: 5 * 60_000,
  })

export type Session =
  | { status: 'loading'; phone: null }
  | { status: 'signed-in'; phone: string }
  | { status: 'signed-out'; phone: null }

// useSession says whether the visitor is signed in. A failed check (server
// unreachable) counts as signed out, so a gate never waits for ever.
// check: ask the server even without the hint that the visitor signed in
// here (gates do).
export function useSession({ check = false }: { check?: boolean } = {}): Session {
  const enabled = check || hasSessionHint()
  const q = useQuery({ ...sessionQueryOptions(), enabled })
  if (!enabled && q.data === undefined) return { status: 'signed-out', phone: null }
  if (q.isPending) return { status: 'loading', phone: null }
  if (q.data) return { status: 'signed-in', phone: q.data.phone }
  return { status: 'signed-out', phone: null }
}

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
