import { Star } from 'lucide-react'
import { cn } from '@/lib/utils'
import { starFills } from '../lib/stars'

// StarRow draws the rating's star row; the number beside it says the value
// to screen readers, so the row itself is decoration.
export function StarRow({ average, className }: { average: number; className?: string }) {
  return (
    <span aria-hidden className={cn('inline-flex items-center gap-0.5', className)} data-testid="star-row">
      {starFills(average).map((fill, i) => (
        <span key={i} className="relative inline-block size-4" data-fill={fill}>
          <Star className="absolute inset-0 size-4 text-current opacity-30" />
          {fill > 0 && (
            <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
              <Star className="size-4 fill-current" />
            </span>
          )}
        </span>
      ))}
    </span>
  )
}
