// docs/behaviour/screens.md#navigation: "Payment methods shown: Mastercard, Visa,
// Maestro, Google Pay, Apple Pay" — used when the site lists none of its own.
export const defaultPaymentMethods = ['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay']

export function PaymentMethods({ methods }: { methods: readonly string[] | null | undefined }) {
  const list = methods && methods.length > 0 ? methods : defaultPaymentMethods
  return (
    <div>
      <h2 className="text-sm font-semibold">We accept</h2>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label="Payment methods">
        {list.map((m) => (
          <li key={m} className="rounded border border-footer-foreground/30 px-2 py-1 text-xs font-semibold">
            {m}
          </li>
        ))}
      </ul>
    </div>
  )
}
