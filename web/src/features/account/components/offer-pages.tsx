import { CreditCard } from 'lucide-react'
import type { ReactNode } from 'react'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'

type Props = {
  title: string
  // The page's content from the site's pages config (rendered Markdown).
  content: ReactNode
  form: ReactNode
}

// SpinToWinPage is the site's prize draw: how it works and its terms come
// from the page's content, then the entry form (a contact lead).
export function SpinToWinPage({ title, content, form }: Props) {
  const site = useSite()
  useDocumentTitle(`${title} | ${site.name}`)
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <article className="min-w-0">
        <h1 className="text-3xl font-bold">{title}</h1>
        {content}
      </article>
      <section aria-labelledby="spin-entry" className="h-fit rounded-lg border bg-background p-5 shadow-sm">
        <h2 id="spin-entry" className="text-xl font-semibold">
          Enter the draw
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">One entry per person. We will contact the winner by phone or email.</p>
        <div className="mt-4">{form}</div>
      </section>
    </div>
  )
}

// OnlinePaymentPage says how to pay a deposit or an invoice, which payment
// methods the dealer accepts, and plainly that this site takes no card
// payment; the form asks the dealer to arrange one.
export function OnlinePaymentPage({ title, content, form, methods }: Props & { methods: readonly string[] }) {
  const site = useSite()
  useDocumentTitle(`${title} | ${site.name}`)
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <article className="min-w-0 space-y-6">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="flex items-start gap-3 rounded-md border border-primary/40 bg-muted p-4 font-medium">
          <CreditCard aria-hidden className="mt-0.5 size-5 shrink-0" />
          Card payments are not taken on this website. Send us the form and our team will contact you to arrange your payment securely.
        </p>
        {content}
        <div>
          <h2 className="text-xl font-semibold">Payment methods we accept</h2>
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Payment methods">
            {methods.map((m) => (
              <li key={m} className="rounded border px-3 py-1 text-sm font-semibold">
                {m}
              </li>
            ))}
          </ul>
        </div>
      </article>
      <section aria-labelledby="payment-enquiry" className="h-fit rounded-lg border bg-background p-5 shadow-sm">
        <h2 id="payment-enquiry" className="text-xl font-semibold">
          Arrange a payment
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Tell us what you are paying for (a deposit, an invoice number) and how you would like to pay.</p>
        <div className="mt-4">{form}</div>
      </section>
    </div>
  )
}
