// sendEvent records an analytics event (docs/behaviour/calls.md: POST /api/events,
// fire and forget). A failure is only a console warning.
export function sendEvent(eventId: number, extra: Record<string, unknown> = {}): void {
  const body = JSON.stringify({ event_id: eventId, ...extra })
  try {
    fetch('/api/events', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      keepalive: true,
      credentials: 'same-origin',
    })
      .then((res) => {
        if (!res.ok) console.warn(`Analytics event ${eventId} was not recorded (${res.status}).`)
      })
      .catch((err: unknown) => console.warn(`Analytics event ${eventId} was not recorded.`, err))
  } catch (err) {
    console.warn(`Analytics event ${eventId} was not recorded.`, err)
  }
}

// The finance calculator's event: first interaction with any input.
export const FINANCE_CALCULATOR_USED = 26
