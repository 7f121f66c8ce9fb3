import { queryKeys } from '@/lib/query-keys'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useNavigate } from 'react-router'
import { api, type Site } from '@/lib/api'
import type { paths } from '@/lib/api-types'
import { useSite } from '@/lib/site'
import { stockCount } from '@/lib/stock-count'
import { cn } from '@/lib/utils'

export type Suggestion = paths['/api/suggest']['get']['responses']['200']['content']['application/json']['suggestions'][number]

// How long typing pauses before suggestions are asked for, and the fewest
// characters worth asking about (the server answers nothing for fewer).
export const suggestDebounceMs = 150
export const suggestMinChars = 2

const suggestQueryOptions = (q: string, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.suggest(q.toLowerCase()),
    queryFn: ({ signal }) => api('get', '/api/suggest', { query: `q=${encodeURIComponent(q)}`, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
    // Suggestions are for a buyer typing: a drawn page never shows them,
    // so the server does not wait for them (nor name them as missing).
    meta: { ssr: false },
  })

// useSuggestions answers the suggestions for text once typing has paused.
// While the next answer loads the previous one stays, so the list does not
// flicker between keystrokes.
export function useSuggestions(text: string): Suggestion[] {
  const [q, setQ] = useState(text.trim())
  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim()), suggestDebounceMs)
    return () => clearTimeout(t)
  }, [text])
  const enabled = q.length >= suggestMinChars && text.trim().length >= suggestMinChars
  const { data } = useQuery(suggestQueryOptions(q, enabled))
  return enabled ? (data?.suggestions ?? []) : []
}

// A suggestion's name: its label and how many it lists ('Toyota Corolla, 30 cars').
const suggestionText = (s: Suggestion, wording: Site['wording']) => `${s.label}, ${stockCount(s.count, wording)}`

type Options = {
  // What the input holds now.
  text: string
  // Clears the input (a second Escape).
  onClear: () => void
  // Runs before a chosen suggestion's listing opens.
  onPick?: (s: Suggestion) => void
}

// useSuggestBox makes a search input a combobox (the WAI-ARIA pattern, list
// autocomplete): as the buyer types, a list of listings below it; ArrowDown
// and ArrowUp move through it, Enter opens the one highlighted, Escape
// closes the list and a second Escape clears the input; a click outside or
// leaving the input closes it. Enter with nothing highlighted is left to the
// input's form, the keyword search. Spread inputProps on the input and draw
// list right after it inside a relatively positioned box.
export function useSuggestBox<E extends HTMLElement>({ text, onClear, onPick }: Options) {
  const navigate = useNavigate()
  const { wording } = useSite()
  const id = useId()
  const listId = `${id}-list`
  const suggestions = useSuggestions(text)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const boxRef = useRef<E>(null)
  const n = suggestions.length
  const expanded = open && n > 0
  const current = expanded && active >= 0 && active < n ? active : -1

  // A new list starts with nothing highlighted.
  const labels = suggestions.map((s) => s.path).join('\n')
  useEffect(() => setActive(-1), [labels])

  useEffect(() => {
    if (!expanded) return
    const away = (e: PointerEvent) => {
      if (!boxRef.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', away)
    return () => document.removeEventListener('pointerdown', away)
  }, [expanded])

  const pick = (s: Suggestion) => {
    setOpen(false)
    setActive(-1)
    onPick?.(s)
    void navigate(s.path)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (n === 0) return
        e.preventDefault()
        const down = e.key === 'ArrowDown'
        if (!expanded) {
          setOpen(true)
          setActive(down ? 0 : n - 1)
          return
        }
        setActive(down ? (current + 1) % n : current <= 0 ? n - 1 : current - 1)
        return
      }
      case 'Enter':
        if (current >= 0) {
          e.preventDefault()
          pick(suggestions[current]!)
        } else setOpen(false)
        return
      case 'Escape':
        // A search input clears itself on Escape; the first Escape only
        // closes the list.
        e.preventDefault()
        if (expanded) setOpen(false)
        else if (text) onClear()
        return
      case 'Tab':
        setOpen(false)
        return
    }
  }

  const optionId = (i: number) => `${id}-opt-${i}`
  const inputProps = {
    role: 'combobox' as const,
    'aria-autocomplete': 'list' as const,
    'aria-expanded': expanded,
    'aria-controls': listId,
    'aria-activedescendant': current >= 0 ? optionId(current) : undefined,
    autoComplete: 'off',
    onKeyDown,
    onInput: () => {
      setOpen(true)
      setActive(-1)
    },
    onBlur: () => setOpen(false),
  }

  const list = (
    <>
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto rounded-md border bg-background py-1 shadow-md"
      >
        {expanded &&
          suggestions.map((s, i) => (
            <li
              key={s.path}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              aria-label={suggestionText(s, wording)}
              // Keeps the focus in the input, so the list is not closed by
              // its blur before the click lands.
              onPointerDown={(e) => e.preventDefault()}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(s)}
              onPointerMove={() => i !== current && setActive(i)}
              className={cn('flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm', i === current && 'bg-accent text-accent-foreground')}
            >
              <span className="min-w-0 truncate">{s.label}</span>
              <span className="shrink-0 text-muted-foreground">{stockCount(s.count, wording)}</span>
            </li>
          ))}
      </ul>
      <div role="status" aria-live="polite" className="sr-only">
        {expanded ? `${n} suggestion${n === 1 ? '' : 's'}` : ''}
      </div>
    </>
  )

  return { inputProps, list, boxRef, expanded }
}
