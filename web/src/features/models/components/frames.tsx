import { Tabs } from 'radix-ui'
import type { ModelDetail } from '../lib/rules'

// FrameTabs is the model page's tab view of embedded frames
// (docs/behaviour/screens.md#model-pages). The server only sends paths on the
// site itself.
export function FrameTabs({ model }: { model: ModelDetail }) {
  const frames = model.frames.filter((f) => f.url.startsWith('/') && !f.url.startsWith('//'))
  if (frames.length === 0) return null
  return (
    <section aria-labelledby="frames-heading" className="mx-auto max-w-7xl px-4 py-10">
      <h2 id="frames-heading" className="text-2xl font-bold">
        See the {model.name}
      </h2>
      <Tabs.Root defaultValue="0" className="mt-4">
        <Tabs.List aria-label={`${model.name} views`} className="flex gap-2 border-b">
          {frames.map((f, i) => (
            <Tabs.Trigger
              key={i}
              value={String(i)}
              className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:border-primary data-[state=active]:text-foreground"
            >
              {f.title}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {frames.map((f, i) => (
          <Tabs.Content key={i} value={String(i)} className="mt-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <iframe
              src={f.url}
              title={`${model.name}: ${f.title}`}
              loading="lazy"
              className="mx-auto block aspect-video w-full max-w-4xl rounded-lg border bg-black"
            />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  )
}
