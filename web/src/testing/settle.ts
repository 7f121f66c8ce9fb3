import { notifyManager, type QueryClient } from '@tanstack/react-query'
import { act, waitFor } from '@testing-library/react'

// Conditions to wait on before checking that something did not happen, so a
// test never sleeps for a while and hopes that was long enough.

// nextTask resolves once every microtask queued so far has run: what a click
// or a render set going without a timer has gone as far as it goes.
export function nextTask(): Promise<void> {
  return act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
}

// queriesSettled resolves once no query or mutation of client is in flight,
// their answers have reached the components that asked for them, and those
// have drawn them.
export async function queriesSettled(client: QueryClient): Promise<void> {
  await act(async () => {})
  await waitFor(() => {
    if (client.isFetching() > 0 || client.isMutating() > 0) throw new Error('a query or mutation is still in flight')
  })
  // Answers reach their components in the query client's next batch.
  await act(() => new Promise<void>((resolve) => notifyManager.schedule(resolve)))
}
