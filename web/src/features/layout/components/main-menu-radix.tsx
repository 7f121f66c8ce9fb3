import { useEffect, useRef, useState, type MouseEvent, type PointerEvent } from 'react'
import { NavigationMenu } from 'radix-ui'
import { ChevronDown } from 'lucide-react'
import type { Link } from '@/lib/api'
import { cn } from '@/lib/utils'
import { useSite } from '@/lib/site'
import { useModelsMenu, useStockMenu } from '../api/get-menus'
import { useIdle } from '@/lib/use-idle'
import { itemClass, keyOf } from '../lib/main-menu-items'
import { ModelsPanel, StockPanel, type MenuLinkComponent } from './menu-panels'
import { SmartLink } from './smart-link'


const contentClass =
  'surface-page absolute left-0 top-full z-50 mt-1 min-w-56 rounded-md border border-border bg-background p-2 text-foreground shadow-lg'

// Radix closes the menu and moves focus as a link inside is chosen.
const MenuLink: MenuLinkComponent = ({ href, className, children }) => (
  <NavigationMenu.Link asChild>
    <SmartLink href={href} className={className}>
      {children}
    </SmartLink>
  </NavigationMenu.Link>
)

// Radix opens on hover by default; a handler that prevents the default
// keeps a site's dropdowns to click and keyboard.
const noHover = (e: PointerEvent) => e.preventDefault()


// RadixMainMenu is the desktop header menu from navigation.header; entries with
// children or a dynamic list open a dropdown (arrow keys, Escape and Tab
// work as Radix wires them). Dynamic lists load once the page is idle or
// their menu first opens.
export function RadixMainMenu({
  id,
  links,
  className,
  hover = false,
  initialValue = '',
  onOpenChange,
}: {
  id?: string
  links: readonly Link[]
  className?: string
  hover?: boolean
  // The entry a visitor opened before this chunk arrived.
  initialValue?: string
  onOpenChange?: (open: boolean) => void
}) {
  const [value, setValue] = useState(initialValue)
  // With hover on, moving onto a trigger opens its menu at once; the click
  // that follows must not shut it again.
  const openedAt = useRef({ key: '', at: 0 })
  const keepHoverOpen = (key: string) => (e: MouseEvent) => {
    if (hover && openedAt.current.key === key && performance.now() - openedAt.current.at < 500) e.preventDefault()
  }
  const site = useSite()
  // Warm the dynamic menus once the page is idle; an opened menu loads its
  // own list at once if that has not happened yet.
  const idle = useIdle()
  useStockMenu(site.search.default_path, idle && links.some((l) => l.dynamic === 'stock'))
  useModelsMenu(idle && links.some((l) => l.dynamic === 'models'))
  // Radix puts a hidden focus stop after an open trigger that hands focus
  // on to its panel; a focusable element must not be hidden from assistive
  // technology (docs/behaviour/accessibility.md#hidden-focus), so it loses
  // aria-hidden and keeps its hand-on.
  const root = useRef<HTMLElement>(null)
  useEffect(() => {
    for (const el of root.current?.querySelectorAll('[aria-hidden="true"][tabindex="0"]') ?? []) el.removeAttribute('aria-hidden')
  }, [value])
  const hoverProps = hover ? {} : { onPointerMove: noHover, onPointerLeave: noHover, onPointerEnter: noHover }

  return (
    <NavigationMenu.Root
      ref={root}
      data-main-menu={id}
      aria-label="Main"
      className={cn('relative', className)}
      value={value}
      onValueChange={(v) => {
        setValue(v)
        openedAt.current = { key: v, at: performance.now() }
        onOpenChange?.(v !== '')
      }}
    >
      <NavigationMenu.List className="flex items-center gap-1">
        {links.map((link) => {
          const key = keyOf(link)
          const dynamic = link.dynamic === 'stock' || link.dynamic === 'models'
          const hasChildren = !!link.children && link.children.length > 0
          return (
            <NavigationMenu.Item key={key} value={key} className="relative">
              {dynamic || hasChildren ? (
                <>
                  <NavigationMenu.Trigger className={itemClass} {...hoverProps} onClick={keepHoverOpen(key)}>
                    {link.label}
                    <ChevronDown aria-hidden className="size-4 transition-transform duration-200 [[data-state=open]>&]:rotate-180" />
                  </NavigationMenu.Trigger>
                  <NavigationMenu.Content
                    {...hoverProps}
                    className={cn(
                      contentClass,
                      link.dynamic === 'models' && 'max-h-[75vh] w-[min(56rem,calc(100vw-2rem))] overflow-y-auto p-4',
                      link.dynamic === 'stock' && 'w-[min(32rem,calc(100vw-2rem))] p-4',
                    )}
                  >
                    {link.dynamic === 'stock' ? (
                      <StockPanel link={link} LinkAs={MenuLink} />
                    ) : link.dynamic === 'models' ? (
                      <ModelsPanel link={link} LinkAs={MenuLink} />
                    ) : (
                      <ul className="flex flex-col">
                        {link.children!.map((child) => (
                          <li key={child.label + child.href}>
                            <MenuLink
                              href={child.href}
                              className="block rounded-sm px-3 py-2 text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-none"
                            >
                              {child.label}
                            </MenuLink>
                          </li>
                        ))}
                      </ul>
                    )}
                  </NavigationMenu.Content>
                </>
              ) : (
                <NavigationMenu.Link asChild>
                  <SmartLink href={link.href} className={itemClass}>
                    {link.label}
                  </SmartLink>
                </NavigationMenu.Link>
              )}
            </NavigationMenu.Item>
          )
        })}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  )
}
