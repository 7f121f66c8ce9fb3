import type { ReactNode } from 'react'
import { SiteContext } from '@/lib/site'
import type { Site } from '@/lib/api'
import { useSiteQuery } from '../api/get-site'

type Props = {
  // The config embedded in the page, if any; otherwise it is fetched.
  initial: Site | null
  children: ReactNode
}

export function SiteProvider({ initial, children }: Props) {
  const { data, error, refetch, isFetching } = useSiteQuery(initial)
  if (data) {
    return <SiteContext.Provider value={data}>{children}</SiteContext.Provider>
  }
  if (error) {
    return (
      <main className="mx-auto max-w-xl p-8 text-center">
        <h1 className="text-2xl font-semibold">This site could not be loaded</h1>
        <p className="mt-2 text-muted-foreground">Please check your connection and try again.</p>
        <button
          type="button"
          className="mt-4 rounded-md bg-primary px-4 py-2 text-primary-foreground"
          onClick={() => void refetch()}
          disabled={isFetching}
        >
          Try again
        </button>
      </main>
    )
  }
  return (
    <p role="status" className="p-8 text-center text-muted-foreground">
      Loading…
    </p>
  )
}
