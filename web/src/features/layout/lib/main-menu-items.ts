import type { Link } from '@/lib/api'

// The desktop menu's entry style and keys, shared by the light first-paint
// menu and the Radix menu that replaces it.
export const itemClass =
  'inline-flex h-10 items-center gap-1 whitespace-nowrap rounded-md px-3 text-sm font-medium hover:bg-header-foreground/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-header-foreground/10'

// keyOf is an entry's key and its Radix value, which Radix builds the
// trigger's and panel's ids from: a valid id token, no spaces
// (docs/behaviour/accessibility.md#ids).
export const keyOf = (link: Link) =>
  `${link.label}-${link.href}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'entry'

// opens tells an entry that drops a list down from a plain link.
export const opens = (link: Link) => link.dynamic === 'stock' || link.dynamic === 'models' || (!!link.children && link.children.length > 0)
