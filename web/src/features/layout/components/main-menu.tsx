import { NavigationMenu } from 'radix-ui'
import { ChevronDown } from 'lucide-react'
import type { Link } from '@/lib/api'
import { cn } from '@/lib/utils'
import { SmartLink } from './smart-link'

const itemClass =
  'inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-medium hover:bg-header-foreground/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-header-foreground/10'

// MainMenu is the desktop header menu from navigation.header; entries with
// children open a dropdown (arrow keys, Escape and Tab work as Radix wires them).
export function MainMenu({ links, className }: { links: readonly Link[]; className?: string }) {
  return (
    <NavigationMenu.Root aria-label="Main" className={cn('relative', className)}>
      <NavigationMenu.List className="flex items-center gap-1">
        {links.map((link) => (
          <NavigationMenu.Item key={link.label + link.href} className="relative">
            {link.children && link.children.length > 0 ? (
              <>
                <NavigationMenu.Trigger className={itemClass}>
                  {link.label}
                  <ChevronDown aria-hidden className="size-4 transition-transform duration-200 [[data-state=open]>&]:rotate-180" />
                </NavigationMenu.Trigger>
                <NavigationMenu.Content className="absolute left-0 top-full z-50 mt-1 min-w-56 rounded-md border border-border bg-background p-2 text-foreground shadow-lg">
                  <ul className="flex flex-col">
                    {link.children.map((child) => (
                      <li key={child.label + child.href}>
                        <NavigationMenu.Link asChild>
                          <SmartLink
                            href={child.href}
                            className="block rounded-sm px-3 py-2 text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-none"
                          >
                            {child.label}
                          </SmartLink>
                        </NavigationMenu.Link>
                      </li>
                    ))}
                  </ul>
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
        ))}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  )
}
