import { Suspense } from 'react'
import { Outlet, useNavigation } from 'react-router'
import { SiteHeader } from './site-header'
import { SiteFooter } from './site-footer'
import { ToastProvider } from '@/components/ui/toast'
import { Part } from '@/lib/hydration-part'

// SiteLayout wraps every page: skip link, header, the page, footer. Each
// of the three is a Suspense boundary, so React hydrates a page the server
// drew part by part, yielding between them (and first the part pressed).
export function SiteLayout({ children }: { children?: React.ReactNode }) {
  const navigation = useNavigation()
  return (
    <ToastProvider>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-[100] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
        >
          Skip to content
        </a>
        <Part>
          <SiteHeader />
        </Part>
        <Part>
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none" aria-busy={navigation.state === 'loading'}>
            <Suspense fallback={<p role="status" className="p-8 text-center text-muted-foreground">Loading…</p>}>
              {children ?? <Outlet />}
            </Suspense>
          </main>
        </Part>
        <Part>
          <SiteFooter />
        </Part>
      </div>
    </ToastProvider>
  )
}
