import { Link } from 'react-router'
import { useSite } from '@/lib/site'
import { offeredLinks } from '@/lib/offered-pages'
import { formatPhone, phoneHref } from '@/lib/phone'
import { PaymentMethods } from './payment-methods'
import { SmartLink } from './smart-link'

export function SiteFooter() {
  const site = useSite()
  const groups = (site.navigation.footer ?? [])
    .map((g) => ({ ...g, links: offeredLinks(site, g.links ?? []) }))
    .filter((g, i) => g.links.length > 0 || !site.navigation.footer?.[i]?.links?.length)
  const year = new Date().getFullYear()
  return (
    <footer className="surface-footer mt-16 bg-footer text-footer-foreground">
      <div className="mx-auto max-w-7xl px-4 py-10">
        {groups.length > 0 && (
          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:grid-cols-5">
            {groups.map((g) => (
              <section key={g.title}>
                <h2 className="text-sm font-semibold">{g.title}</h2>
                <ul className="mt-3 space-y-2 text-sm">
                  {(g.links ?? []).map((l) => (
                    <li key={l.label + l.href}>
                      <SmartLink href={l.href} className="opacity-80 hover:underline hover:opacity-100">
                        {l.label}
                      </SmartLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
        )}

        {site.locations.length > 0 && (
          <section aria-labelledby="footer-locations" className="mt-10 border-t border-footer-foreground/20 pt-8">
            <h2 id="footer-locations" className="text-sm font-semibold">
              Our locations
            </h2>
            <ul className="mt-3 grid gap-6 text-sm sm:grid-cols-2 lg:grid-cols-4">
              {site.locations.map((loc) => {
                const a = loc.address
                const phone = loc.phone || loc.contact_detail.phone
                return (
                  <li key={loc.id}>
                    <p className="font-semibold">{loc.name}</p>
                    <address className="not-italic opacity-80">
                      {a.street && <span className="block">{a.street}</span>}
                      <span className="block">{[a.city, a.state, a.postcode].filter(Boolean).join(' ')}</span>
                    </address>
                    {phone && (
                      <a href={phoneHref(phone)} className="opacity-80 hover:underline">
                        {formatPhone(phone)}
                      </a>
                    )}
                  </li>
                )
              })}
            </ul>
          </section>
        )}

        <div className="mt-10 flex flex-col gap-6 border-t border-footer-foreground/20 pt-8 md:flex-row md:items-end md:justify-between">
          <PaymentMethods methods={site.navigation.payment_methods} />
          <div className="text-sm opacity-80">
            <p>
              © {year} {site.name}. All rights reserved.
            </p>
            <p className="mt-1 flex gap-4">
              <Link to="/privacy-policy" className="hover:underline">
                Privacy Policy
              </Link>
              <Link to="/terms-and-conditions" className="hover:underline">
                Terms and Conditions
              </Link>
            </p>
          </div>
        </div>
      </div>
    </footer>
  )
}
