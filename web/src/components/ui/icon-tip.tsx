import { useId, type ReactElement, type ReactNode } from 'react'
import { cn } from '@/lib/utils'

type Props = {
  // What the icon button does, in a few words, shown on hover and focus.
  tip: string
  // Renders the button, given the tip's id for its aria-describedby.
  children: (tipId: string) => ReactElement
  className?: string
  // Which edge of the button the tip lines up with ('end' near a right edge).
  align?: 'start' | 'end'
}

// IconTip names an icon-only button on hover and keyboard focus: a small
// label below it that assistive technology reads as the button's
// description. It is drawn by CSS alone, so it works before hydration.
// The tip lines up with the nearest positioned ancestor (a row of icon
// buttons marks itself relative), so it stays inside a narrow card.
export function IconTip({ tip, children, className, align = 'end' }: Props): ReactNode {
  const id = useId()
  return (
    <span className={cn('group/tip inline-flex', className)}>
      {children(id)}
      <span
        id={id}
        role="tooltip"
        className={cn(
          'pointer-events-none invisible absolute top-full z-20 mt-1 w-max max-w-[12rem] rounded bg-foreground px-2 py-1 text-left text-xs font-medium leading-snug text-background opacity-0 shadow transition-opacity',
          'group-hover/tip:visible group-hover/tip:opacity-100 group-has-[:focus-visible]/tip:visible group-has-[:focus-visible]/tip:opacity-100',
          align === 'end' ? 'right-0' : 'left-0',
        )}
      >
        {tip}
      </span>
    </span>
  )
}
