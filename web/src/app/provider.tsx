import { useState, type ReactNode } from 'react'
import { hydrate, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query'
import { ApiError, type Site } from '@/lib/api'
import { SiteProvider } from '@/features/site'

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change on retry.
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      },
    },
  })
}

type Props = {
  site: Site | null
  // The server renderer brings its own client; the browser starts from the
  // data the server rendered the page with, if any.
  client?: QueryClient
  state?: DehydratedState | null
  children: ReactNode
}

export function AppProvider({ site, client: given, state, children }: Props) {
  const [client] = useState(() => {
    if (given) return given
    const c = makeQueryClient()
    if (state) hydrate(c, state)
    return c
  })
  return (
    <QueryClientProvider client={client}>
      <SiteProvider initial={site}>{children}</SiteProvider>
    </QueryClientProvider>
  )
}
