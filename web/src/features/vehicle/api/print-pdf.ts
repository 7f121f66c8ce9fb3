import { ApiError } from '@/lib/api'

// downloadCarPdf fetches the printable sheet and saves it as {slug}.pdf
// (docs/behaviour/calls.md). A failure throws an ApiError carrying the server's
// message, which the page shows in an alert (docs/behaviour/errors.md).
export async function downloadCarPdf(slug: string): Promise<void> {
  let res: Response
  try {
    res = await fetch(`/api/cars/${encodeURIComponent(slug)}/print.pdf`)
  } catch {
    throw new ApiError(0, 'internal', 'The server could not be reached. Please try again.')
  }
  if (!res.ok) {
    let message = 'The PDF could not be prepared.'
    try {
      const body = (await res.json()) as { error?: { message?: string } }
      message = body.error?.message || message
    } catch {
      // Not JSON: keep the plain message.
    }
    throw new ApiError(res.status, 'internal', message)
  }
  const blob = await res.blob()
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = `${slug}.pdf`
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
