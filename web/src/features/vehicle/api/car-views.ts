import { useEffect, useState } from 'react'
import type { CarDetail } from '@/lib/api'

export type CarViews = { views: number; car_fields: Record<string, unknown> }

// recordView counts a view of the car and returns its views; null on a
// non-OK answer (docs/behaviour/calls.md, view.json).
export async function recordView(car: Pick<CarDetail, 'slug' | 'photos_count' | 'updated_at'>, websiteId: string, signal?: AbortSignal): Promise<CarViews | null> {
  const q = new URLSearchParams({ photos_count: String(car.photos_count), updated_at: car.updated_at, website_id: websiteId })
  try {
    const res = await fetch(`/api/cars/${encodeURIComponent(car.slug)}/view.json?${q}`, { signal, headers: { Accept: 'application/json' } })
    if (!res.ok) return null
    return (await res.json()) as CarViews
  } catch {
    return null
  }
}

// useCarViews counts one view per car page opened.
export function useCarViews(car: CarDetail | undefined, websiteId: string): CarViews | null {
  const [views, setViews] = useState<CarViews | null>(null)
  const slug = car?.slug
  useEffect(() => {
    if (!car) return
    const ctl = new AbortController()
    void recordView(car, websiteId, ctl.signal).then((v) => {
      if (!ctl.signal.aborted) setViews(v)
    })
    return () => ctl.abort()
    // One view per car opened, not per re-render of the same car.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug, websiteId])
  return views
}
