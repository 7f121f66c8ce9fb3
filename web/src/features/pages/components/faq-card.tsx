import { ChevronDown } from 'lucide-react'
import type { PageContent } from '../api/get-page'
import { Prose } from './prose'

// FaqCard lists questions that open to their answer, one at a time or all.
export function FaqCard({ faqs }: { faqs: PageContent['faqs'] }) {
  if (faqs.length === 0) return null
  return (
    <section aria-labelledby="faq-heading" className="mt-10 rounded-lg border bg-background shadow-sm">
      <h2 id="faq-heading" className="border-b px-5 py-4 text-xl font-semibold">
        Frequently asked questions
      </h2>
      <div className="divide-y">
        {faqs.map((f) => (
          <details key={f.question} className="group px-5 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium [&::-webkit-details-marker]:hidden">
              {f.question}
              <ChevronDown aria-hidden className="size-5 shrink-0 transition-transform group-open:rotate-180" />
            </summary>
            <Prose html={f.html} className="text-muted-foreground [&>*:first-child]:mt-2" />
          </details>
        ))}
      </div>
    </section>
  )
}
