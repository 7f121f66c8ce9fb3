import { useEffect } from 'react'

// useDocumentTitle keeps the tab title in step with client-side navigation;
// the server already set the first page's title the same way.
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title
  }, [title])
}
