import { useEffect, useId, useRef, useState, type ComponentType, type FocusEvent } from 'react'
import { ChevronDown } from 'lucide-react'
import type { Link } from '@/lib/api'
import { cn } from '@/lib/utils'
import { useIdle } from '@/lib/use-idle'
import { useMediaQuery } from '@/lib/use-media-query'
import { itemClass, keyOf, opens } from '../lib/main-menu-items'
import { SmartLink } from './smart-link'
import type { RadixMainMenu } from './main-menu-radix'

// The Radix menu (dropdowns, arrow keys, dismissal) is its own chunk: it
// loads once the page is idle, or at once when a visitor opens an entry;
// until then the same entries stand as plain links and buttons.
const loadRadix = () => import('./main-menu-radix').then((m) => m.RadixMainMenu)

type Props = {
  links: readonly Link[]
  className?: string
  hover?: boolean
  onOpenChange?: (open: boolean) => void
}

type StaticProps = Props & { id: string; onFocusItem: (index: number) => void; onOpen: (key: string) => void }

// StaticMainMenu draws the menu bar as the Radix menu does, without its
// behaviour: opening an entry asks for the Radix menu, open there.
function StaticMainMenu({ id, links, className, hover, onFocusItem, onOpen }: StaticProps) {
  const onFocus = (e: FocusEvent<HTMLElement>) => {
    const li = e.target.closest('li')
    onFocusItem(li?.parentElement ? Array.from(li.parentElement.children).indexOf(li) : -1)
  }
  return (
    <nav data-main-menu={id} aria-label="Main" dir="ltr" data-orientation="horizontal" className={cn('relative', className)} onFocus={onFocus}>
      <div style={{ position: 'relative' }}>
        <ul data-orientation="horizontal" className="flex items-center gap-1" dir="ltr">
          {links.map((link) => (
            <li key={keyOf(link)} className="relative">
              {opens(link) ? (
                <button
                  type="button"
                  data-state="closed"
                  aria-expanded={false}
                  className={itemClass}
                  onClick={() => onOpen(keyOf(link))}
                  onPointerEnter={hover ? () => onOpen(keyOf(link)) : undefined}
                >
                  {link.label}
                  <ChevronDown aria-hidden className="size-4 transition-transform duration-200 [[data-state=open]>&]:rotate-180" />
                </button>
              ) : (
                <SmartLink href={link.href} className={itemClass}>
                  {link.label}
                </SmartLink>
              )}
            </li>
          ))}
        </ul>
      </div>
    </nav>
  )
}

// MainMenu is the desktop header menu from navigation.header; entries with
// children or a dynamic list open a dropdown.
export function MainMenu(props: Props) {
  const id = useId()
  const idle = useIdle()
  const [wanted, setWanted] = useState(false)
  const [initial, setInitial] = useState('')
  const [Radix, setRadix] = useState<ComponentType<Parameters<typeof RadixMainMenu>[0]> | null>(null)
  // The entry that had focus when the Radix menu takes the bar's place.
  const focused = useRef(-1)
  // The bar shows from the md breakpoint up (phones have the mobile menu):
  // on a phone its dropdowns load only if it is ever shown.
  const wide = useMediaQuery('(min-width: 768px)')
  const load = wanted || (idle && wide)
  useEffect(() => {
    if (!load || Radix) return
    let live = true
    void loadRadix().then((C) => {
      if (live) setRadix(() => C)
    })
    return () => {
      live = false
    }
  }, [load, Radix])
  // Focus stays on the same entry when the bar is swapped.
  useEffect(() => {
    if (!Radix || focused.current < 0 || document.activeElement !== document.body) return
    const nav = Array.from(document.querySelectorAll<HTMLElement>('nav[data-main-menu]')).find((n) => n.dataset.mainMenu === id)
    nav?.querySelectorAll<HTMLElement>('ul > li')[focused.current]?.querySelector<HTMLElement>('a, button')?.focus()
  }, [Radix, id])
  if (Radix) return <Radix {...props} id={id} initialValue={initial} />
  return (
    <StaticMainMenu
      {...props}
      id={id}
      onFocusItem={(i) => {
        focused.current = i
      }}
      onOpen={(key) => {
        setWanted(true)
        setInitial(key)
        props.onOpenChange?.(true)
      }}
    />
  )
}
