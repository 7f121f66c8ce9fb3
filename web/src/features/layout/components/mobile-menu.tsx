import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { ChevronDown, Menu, X } from 'lucide-react'
import type { Link } from '@/lib/api'
import type { MenuLinkComponent } from './menu-panels'
import { SmartLink } from './smart-link'

// The panels' lists load with the first section a visitor opens.
const StockPanel = lazy(() => import('./menu-panels').then((m) => ({ default: m.StockPanel })))
const ModelsPanel = lazy(() => import('./menu-panels').then((m) => ({ default: m.ModelsPanel })))

const PlainLink: MenuLinkComponent = ({ href, className, children }) => (
  <SmartLink href={href} className={className}>
    {children}
  </SmartLink>
)

// MobileSection is one dynamic entry as a collapsible section; its list
// loads when the section first opens.
function MobileSection({ link }: { link: Link }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center justify-between rounded-md px-3 py-2 text-left font-medium hover:bg-header-foreground/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {link.label}
        <ChevronDown aria-hidden className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <div id={id} className="mb-2 ml-4 border-l border-header-foreground/20 pl-2">
          <Suspense
            fallback={
              <p role="status" className="px-3 py-1.5 text-sm opacity-70">
                {link.dynamic === 'stock' ? 'Loading stock…' : 'Loading models…'}
              </p>
            }
          >
            {link.dynamic === 'stock' ? <StockPanel link={link} LinkAs={PlainLink} /> : <ModelsPanel link={link} LinkAs={PlainLink} compact />}
          </Suspense>
        </div>
      )}
    </>
  )
}

// MobileMenu is the header menu below the md breakpoint: a disclosure
// button and a panel listing every entry with its children; the dynamic
// Stock and New Vehicles lists are collapsible sections.
export function MobileMenu({ links }: { links: readonly Link[] }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const { pathname, search } = useLocation()
  const button = useRef<HTMLButtonElement>(null)

  // A followed link closes the menu.
  useEffect(() => setOpen(false), [pathname, search])

  return (
    <div className="xl:hidden">
      <button
        ref={button}
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
            // docs/behaviour/screens.md#focus-kept: focus goes back to the
            // button, not to the page, as the panel closes.
            if (e.key === 'Escape') {
              setOpen(false)
              button.current?.focus()
            }
          }}
        >
          <ul className="flex flex-col p-2">
            {links.map((link) => (
              <li key={link.label + link.href}>
                {link.dynamic === 'stock' || link.dynamic === 'models' ? (
                  <MobileSection link={link} />
                ) : (
                  <>
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
                  </>
                )}
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  )
}
