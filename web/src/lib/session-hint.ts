// A hint, kept in this site's local storage, that the visitor signed in
// here. The session cookie is HttpOnly, so the app cannot see it; without
// the hint, pages that merely show account controls do not ask the server
// (a signed-out visitor's every page would otherwise carry a 401). Gates
// always ask.
const key = 'forecourt:signed-in'

export function hasSessionHint(): boolean {
  try {
    return window.localStorage.getItem(key) === '1'
  } catch {
    return false
  }
}

export function setSessionHint(on: boolean) {
  try {
    if (on) window.localStorage.setItem(key, '1')
    else window.localStorage.removeItem(key)
  } catch {
    // Storage off: account controls then show as signed out until a gate asks.
  }
}
