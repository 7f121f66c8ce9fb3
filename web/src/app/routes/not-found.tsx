import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { defaultSearchPath } from '@/config/paths'
import type { Suggestion } from '@/lib/api'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'

// NotFound is the site's 404 page. suggestions are the pages the address
// may have meant (a mistyped make in a listing path), closest first.
export function NotFound({ suggestions = [] }: { suggestions?: Suggestion[] }) {
  const site = useSite()
  useDocumentTitle(`Page not found | ${site.name}`)
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      {suggestions.length > 0 && (
        <p className="mt-3 text-xl">
          Did you mean{' '}
          {suggestions.map((s, i) => (
            <span key={s.path}>
              {i > 0 && (i === suggestions.length - 1 ? ' or ' : ', ')}
              <Link to={s.path} className="font-semibold text-primary underline underline-offset-4">
                {s.label}
              </Link>
            </span>
          ))}
          ?
        </p>
      )}
      <p className="mt-3 text-lg text-muted-foreground">
        The page you are looking for has moved or no longer exists. Try the home page or search our stock.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Button asChild>
          <Link to="/">Home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={site.search.default_path || defaultSearchPath}>Search stock</Link>
        </Button>
      </div>
    </section>
  )
}
