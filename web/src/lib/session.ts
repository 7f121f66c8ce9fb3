import { queryKeys } from './query-keys'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ApiError } from '@/lib/api'
import { hasSessionHint, setSessionHint } from './session-hint'

// The signed-in visitor, as GET /api/me answers (docs/behaviour/http.md).
export type Me = { phone: string }

export const sessionKey = queryKeys.me()

// The visitor's session on this site: their phone, or null when signed out
// (the server answers 401).
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKey,
    queryFn: async ({ signal }): Promise<Me | null> => {
      try {
        const me = await api('get', '/api/me', { signal })
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
