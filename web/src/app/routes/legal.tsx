import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { usePageHandle } from './page-handle'

// The privacy policy and terms pages show the site's own wording.
export function Component() {
  const site = useSite()
  const { title, view } = usePageHandle()
  useDocumentTitle(`${title} | ${site.name}`)
  const text = view === 'privacy' ? site.wording.privacy : site.wording.terms
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim())
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">{title}</h1>
      <div className="mt-6 space-y-4 leading-relaxed">
        {paragraphs.length > 0 ? (
          paragraphs.map((p, i) => (
            <p key={i} className="whitespace-pre-line">
              {p}
            </p>
          ))
        ) : (
          <p className="text-muted-foreground">Please contact {site.name} for a copy of this document.</p>
        )}
      </div>
    </article>
  )
}
