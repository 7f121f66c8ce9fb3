export { FuelCalculator, type FuelCalculatorProps } from './components/fuel-calculator'
export { fuelCost, parseDistance, parseFuelPrice, consumptionOf, isElectric, type FuelCar } from './lib/fuel'
