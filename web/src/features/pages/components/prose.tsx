import { cn } from '@/lib/utils'

// Prose shows a page's HTML, which the server rendered from the dealer's
// Markdown and sanitised (GET /api/pages): nothing from config reaches the
// page as markup of its own.
export function Prose({ html, className }: { html: string; className?: string }) {
  if (!html) return null
  return (
    <div
      className={cn(
        'leading-relaxed [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_table]:mt-4 [&_td]:border [&_td]:p-2 [&_th]:border [&_th]:p-2 [&_th]:text-left [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6',
        className,
      )}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
