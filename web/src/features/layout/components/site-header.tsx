import { useState } from 'react'
import { Link } from 'react-router'
import { Phone } from 'lucide-react'
import { useSite } from '@/lib/site'
import { offeredLinks } from '@/lib/offered-pages'
import { AccountLink } from '@/features/account/components/account-link'
import { FavouritesLink } from '@/components/favourites-link'
import { formatPhone, phoneHref } from '@/lib/phone'
import { chatSlotRef } from '@/lib/chat-slot'
import { MainMenu } from './main-menu'
import { MobileMenu } from './mobile-menu'

export function SiteHeader() {
  const site = useSite()
  // Only pages the site offers; Offers only while an offer is current.
  const links = offeredLinks(site, site.navigation.header ?? [])
  const phone = site.phones.main
  // docs/behaviour/states.md#other: the header is marked while a dropdown is open.
  const [menuOpen, setMenuOpen] = useState(false)
  return (
    <header
      data-menu-open={menuOpen ? '' : undefined}
      className="surface-header relative border-b border-border bg-header text-header-foreground transition-shadow data-[menu-open]:shadow-lg"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:gap-4">
        <Link to="/" className="flex min-w-0 items-center gap-2 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          {site.theme.logo && <img src={site.theme.logo} alt="" width={40} height={40} className="size-10 object-contain" />}
          {/* A long dealer name wraps to a second line on a phone rather than losing its end. */}
          <span className="line-clamp-2 text-base font-bold leading-tight sm:text-lg">{site.name}</span>
        </Link>
        <MainMenu links={links} className="hidden xl:block" hover={site.navigation.dropdown_hover ?? false} onOpenChange={setMenuOpen} />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {phone && (
            <a
              href={phoneHref(phone)}
              aria-label={formatPhone(phone)}
              className="inline-flex items-center gap-2 whitespace-nowrap rounded-md p-2 text-sm font-semibold hover:bg-header-foreground/10"
            >
              <Phone aria-hidden className="size-5 sm:size-4" />
              {/* Small screens show the icon only; the name still reads the number. */}
              <span className="hidden sm:inline">{formatPhone(phone)}</span>
            </a>
          )}
          {/* The chat launcher's place on screens too narrow for it to float
              beside the content (docs/behaviour/states.md#chat); kept its
              size from the first paint so nothing moves when it arrives. */}
          {site.features.chat && site.features.chat_state !== 'hidden' && (
            <span data-chat-slot="" ref={chatSlotRef} className="inline-flex size-9 min-[1366px]:hidden" />
          )}
          <FavouritesLink />
          <AccountLink />
          <MobileMenu links={links} />
        </div>
      </div>
    </header>
  )
}
