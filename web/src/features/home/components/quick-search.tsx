import { Search } from 'lucide-react'
import { useId, useRef, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { useSuggestBox } from '@/components/suggest-box'
import { cn } from '@/lib/utils'

// The price caps a visitor can pick without opening the listing's filters.
export const quickPriceCaps = [10000, 20000, 30000, 50000, 80000]

const dollars = (n: number) => `$${n.toLocaleString('en-AU')}`

// QuickSearch is the home page's search on a phone's first screen: words
// (a make, a model or anything else) and a top price, straight to the
// listing. It is a plain form, so it searches before the page's script has
// loaded too; once loaded it writes the listing's own URL, and suggests
// listings as the visitor types (the field stays uncontrolled: its text is
// what was typed, before hydration too).
export function QuickSearch({ searchPath, className }: { searchPath: string; className?: string }) {
  const navigate = useNavigate()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const suggest = useSuggestBox<HTMLDivElement>({
    text,
    onClear: () => {
      if (input.current) input.current.value = ''
      setText('')
    },
  })
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const data = new FormData(e.currentTarget)
    const text = String(data.get('query') ?? '').trim()
    const max = Number(String(data.get('range[price]') ?? '').replace(':', ''))
    // The listing's own query names (query, range[price]=min:max), with
    // brackets kept literal as the listing writes them.
    const parts = [text && `query=${encodeURIComponent(text)}`, max > 0 && `range[price]=:${max}`].filter(Boolean)
    void navigate(searchPath + (parts.length ? `?${parts.join('&')}` : ''))
  }
  return (
    <form role="search" aria-label="Quick search" action={searchPath} method="get" onSubmit={onSubmit} className={cn('flex flex-col gap-2', className)}>
      <label htmlFor={`${id}-q`} className="sr-only">
        Make, model or keywords
      </label>
      <div ref={suggest.boxRef} className="relative">
        <input
          ref={input}
          id={`${id}-q`}
          name="query"
          type="search"
          enterKeyHint="search"
          placeholder="Make, model or keywords"
          onChange={(e) => setText(e.target.value)}
          {...suggest.inputProps}
          onFocus={(e) => setText(e.currentTarget.value)}
          className="h-11 w-full min-w-0 rounded-md border border-input bg-background px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        {suggest.list}
      </div>
      <div className="flex gap-2">
        <label htmlFor={`${id}-p`} className="sr-only">
          Maximum price
        </label>
        <select
          id={`${id}-p`}
          name="range[price]"
          defaultValue=""
          className="h-11 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <option value="">Any price</option>
          {quickPriceCaps.map((n) => (
            <option key={n} value={`:${n}`}>
              Up to {dollars(n)}
            </option>
          ))}
        </select>
        <Button type="submit" size="lg" className="h-11 shrink-0">
          <Search aria-hidden />
          Search
        </Button>
      </div>
    </form>
  )
}
