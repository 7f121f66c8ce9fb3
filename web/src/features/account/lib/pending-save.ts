// A car a signed-out visitor asked to save: kept for this tab while they
// sign in, and saved when they come back to a page that shows the car.
const key = 'forecourt:pending-watchlist'

export function setPendingSave(carId: number) {
  try {
    window.sessionStorage.setItem(key, String(carId))
  } catch {
    // Storage off: the visitor saves again after signing in.
  }
}

// takePendingSave returns true once for the car waiting to be saved.
export function takePendingSave(carId: number): boolean {
  try {
    if (window.sessionStorage.getItem(key) !== String(carId)) return false
    window.sessionStorage.removeItem(key)
    return true
  } catch {
    return false
  }
}
