// CarCardSkeleton holds a card's place (same image ratio, so nothing shifts)
// while results load.
export function CarCardSkeleton() {
  return (
    <div aria-hidden data-testid="car-card-skeleton" className="flex animate-pulse flex-col overflow-hidden rounded-lg border motion-reduce:animate-none">
      <div className="aspect-[3/2] bg-muted" />
      <div className="space-y-3 p-4">
        <div className="h-4 w-3/4 rounded bg-muted" />
        <div className="h-3 w-1/2 rounded bg-muted" />
        <div className="h-6 w-1/3 rounded bg-muted" />
        <div className="h-3 w-full rounded bg-muted" />
      </div>
    </div>
  )
}
