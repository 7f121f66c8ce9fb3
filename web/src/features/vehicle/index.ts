// The vehicle detail page (/cars/{slug}) and its print view. Other
// features fill its slots; the app's route composes them.
export { VehiclePage, MainPicture } from './components/vehicle-page'
export { PrintView } from './components/print-view'
export type { VehicleSlots } from './components/slots'
export { useCar } from './api/get-car'
export * as vehicleRules from './lib/rules'
