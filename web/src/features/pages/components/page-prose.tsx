import { usePageContent } from '../api/get-page'
import { Prose } from './prose'

// PageProse is a configured page's content (GET /api/pages) for pages that
// draw the rest themselves.
export function PageProse({ path, className }: { path: string; className?: string }) {
  const content = usePageContent(path)
  if (content.isPending) {
    return (
      <p role="status" className="mt-6 text-muted-foreground">
        Loading…
      </p>
    )
  }
  if (content.isError) {
    return (
      <p role="alert" className="mt-6">
        This page could not be loaded. Please try again.
      </p>
    )
  }
  return <Prose html={content.data.html} className={className} />
}
