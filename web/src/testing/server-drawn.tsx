import { act } from '@testing-library/react'
import type { ReactNode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { expect, vi } from 'vitest'

// A page the server drew, then hydrated by the app, as in the browser: for
// what a visitor does before the app is in.

// drawnByServer puts the server's HTML of ui in the document; no handler is
// attached yet. remove() takes it away (and the app, once hydrated).
export function drawnByServer(ui: () => ReactNode) {
  const container = document.body.appendChild(document.createElement('div'))
  container.innerHTML = renderToString(ui())
  let root: Root | null = null
  return {
    // hydrate hands the DOM to React and checks it matched the server's.
    async hydrate() {
      const errors = vi.spyOn(console, 'error')
      await act(async () => {
        root = hydrateRoot(container, ui())
      })
      expect(errors).not.toHaveBeenCalled()
      errors.mockRestore()
    },
    remove() {
      if (root) act(() => root!.unmount())
      container.remove()
    },
  }
}

// typeBeforeHydration types as a visitor does while no handler is attached.
export function typeBeforeHydration(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  field.value = text
  field.dispatchEvent(new Event('input', { bubbles: true }))
}
