import { Construction } from 'lucide-react'

// ComingSoon stands in for a page later work will build, inside the real layout.
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <Construction aria-hidden className="mx-auto size-12 text-primary" />
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-lg text-muted-foreground">This page is coming soon.</p>
    </section>
  )
}
