import type { components } from '@/lib/api-types'

type Schemas = components['schemas']
export type ModelColour = Schemas['ModelColour']
export type ModelVariant = Schemas['ModelVariant']
export type ModelDetail = Schemas['ModelDetail']
export type ModelSummary = Schemas['MenuModel']

// docs/behaviour/constants.md (Lists): variant features 8.
export const FEATURES_SHOWN = 8

// variantLayout follows docs/behaviour/screens.md#model-pages and
// docs/behaviour/constants.md#lists: a slider when there are more than 2
// variants, with arrows from 4; otherwise rows.
export function variantLayout(count: number): { slider: boolean; arrows: boolean } {
  return { slider: count > 2, arrows: count >= 4 }
}

// variantsHeading is docs/behaviour/screens.md's heading: 'Which {model} will you
// choose?', or '{model} Features' when fewer than 2 variants.
export function variantsHeading(model: string, count: number): string {
  return count < 2 ? `${model} Features` : `Which ${model} will you choose?`
}

// shownFeatures is a variant card's list: 8 until 'View more' (docs/behaviour/states.md).
export function shownFeatures<T>(features: readonly T[], expanded: boolean): T[] {
  return expanded ? [...features] : features.slice(0, FEATURES_SHOWN)
}

// colourVariants lists the colour viewer's variants: the distinct
// model_variant_name values, ordered by the variants list when given
// (docs/behaviour/states.md#model-colour-viewer); names the list lacks follow in
// the order they first appear.
export function colourVariants(colours: readonly Pick<ModelColour, 'model_variant_name'>[], variants?: readonly Pick<ModelVariant, 'name'>[]): string[] {
  const seen: string[] = []
  for (const c of colours) if (!seen.includes(c.model_variant_name)) seen.push(c.model_variant_name)
  if (!variants?.length) return seen
  const order = variants.map((v) => v.name)
  const rank = (n: string) => {
    const i = order.indexOf(n)
    return i < 0 ? order.length + seen.indexOf(n) : i
  }
  return [...seen].sort((a, b) => rank(a) - rank(b))
}

// docs/behaviour/states.md: colours sort by body-type rank wagon, sedan, hatch,
// dual_cab, extra_cab, single_cab, 2_door, 4_door.
export const BODY_TYPE_RANK = ['wagon', 'sedan', 'hatch', 'dual_cab', 'extra_cab', 'single_cab', '2_door', '4_door'] as const
export type BodyType = (typeof BODY_TYPE_RANK)[number]

const bodyLabels: Record<BodyType, string> = {
  wagon: 'Wagon', sedan: 'Sedan', hatch: 'Hatch', dual_cab: 'Dual Cab', extra_cab: 'Extra Cab',
  single_cab: 'Single Cab', '2_door': '2 Door', '4_door': '4 Door',
}

export function bodyTypeLabel(t: string): string {
  return bodyLabels[t as BodyType] ?? 'Other'
}

// bodyTypeOf reads a body type from a variant's name ('SR5 Dual Cab' →
// dual_cab, 'GT 2-Door' → 2_door), else from the fallback (the model's
// body); '' when neither names one.
export function bodyTypeOf(name: string, fallback = ''): BodyType | '' {
  for (const text of [name, fallback]) {
    const key = text.toLowerCase().replace(/[^a-z0-9]+/g, '_')
    const found = BODY_TYPE_RANK.find((t) => `_${key}_`.includes(`_${t}_`) || (t === 'hatch' && /(^|_)hatchback(_|$)/.test(key)))
    if (found) return found
  }
  return ''
}

function rankOf(t: BodyType | ''): number {
  const i = t ? BODY_TYPE_RANK.indexOf(t) : -1
  return i < 0 ? BODY_TYPE_RANK.length : i
}

// sortColours orders a model's colours as docs/behaviour/states.md says: by
// body-type rank, then by name; colours without an oem_id go last.
export function sortColours<C extends Pick<ModelColour, 'name' | 'oem_id' | 'model_variant_name'>>(colours: readonly C[], fallbackBody = ''): C[] {
  return colours
    .map((c) => ({ c, noOem: c.oem_id ? 0 : 1, rank: rankOf(bodyTypeOf(c.model_variant_name, fallbackBody)) }))
    .sort((a, b) => a.noOem - b.noOem || a.rank - b.rank || a.c.name.localeCompare(b.c.name))
    .map((x) => x.c)
}

// groupsByBody is true when the viewer adds the body-type tab row: 3 or
// more body types and more than 15 colours (docs/behaviour/states.md).
export function groupsByBody(colours: readonly Pick<ModelColour, 'model_variant_name'>[], fallbackBody = ''): boolean {
  const types = new Set(colours.map((c) => bodyTypeOf(c.model_variant_name, fallbackBody)))
  return types.size >= 3 && colours.length > 15
}

// wrapIndex steps an arrow through n items, wrapping around at both ends.
export function wrapIndex(i: number, step: number, n: number): number {
  if (n <= 0) return 0
  return (((i + step) % n) + n) % n
}

// bodyParam is docs/behaviour/screens.md's /models?body= value: lowercase, spaces
// as hyphens, ampersands removed (the server writes the menu's links the same way).
export function bodyParam(body: string): string {
  return body.toLowerCase().replace(/&/g, '').trim().split(/\s+/).filter(Boolean).join('-')
}

// brandSlug names a make in /{brand}/overview the same way.
export const brandSlug = bodyParam

// orderNowHref is docs/behaviour/screens.md's model quote call to action:
// /models/order-now?model_id={slug}&model_name={name}&vehicle={encoded full name}.
export function orderNowHref(model: Pick<ModelSummary, 'slug' | 'name'>, vehicle: string): string {
  const q = new URLSearchParams({ model_id: model.slug, model_name: model.name, vehicle })
  return `/models/order-now?${q.toString().replace(/\+/g, '%20')}`
}

// formatDriveAway writes a drive-away price range ('$35,990' or '$35,990 – $38,990').
export function formatDriveAway(min: number, max: number): string {
  const f = (n: number) => '$' + n.toLocaleString('en-AU')
  if (min <= 0) return ''
  return max > min ? `${f(min)} – ${f(max)}` : f(min)
}
