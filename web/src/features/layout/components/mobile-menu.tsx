import { useEffect, useId, useState } from 'react'
import { useLocation } from 'react-router'
import { Menu, X } from 'lucide-react'
import type { Link } from '@/lib/api'
import { SmartLink } from './smart-link'

// MobileMenu is the header menu below the md breakpoint: a disclosure
// button and a panel listing every entry with its children.
export function MobileMenu({ links }: { links: readonly Link[] }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const { pathname } = useLocation()

  // A followed link closes the menu.
  useEffect(() => setOpen(false), [pathname])

  return (
    <div className="md:hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false)
        }}
        className="inline-flex size-10 items-center justify-center rounded-md hover:bg-header-foreground/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {open ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
        <span className="sr-only">{open ? 'Close menu' : 'Menu'}</span>
      </button>
      {open && (
        <nav
          id={panelId}
          aria-label="Main"
          className="absolute inset-x-0 top-full z-50 max-h-[80vh] overflow-y-auto border-t border-border bg-header text-header-foreground shadow-lg"
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false)
          }}
        >
          <ul className="flex flex-col p-2">
            {links.map((link) => (
              <li key={link.label + link.href}>
                <SmartLink href={link.href} className="block rounded-md px-3 py-2 font-medium hover:bg-header-foreground/10">
                  {link.label}
                </SmartLink>
                {link.children && link.children.length > 0 && (
                  <ul className="mb-2 ml-4 border-l border-header-foreground/20 pl-2">
                    {link.children.map((child) => (
                      <li key={child.label + child.href}>
                        <SmartLink href={child.href} className="block rounded-md px-3 py-1.5 text-sm hover:bg-header-foreground/10">
                          {child.label}
                        </SmartLink>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  )
}
