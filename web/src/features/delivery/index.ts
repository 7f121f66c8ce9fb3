export { DeliveryCalculator, type DeliveryCalculatorProps } from './components/delivery-calculator'
export { getDeliveryQuote, type DeliveryQuote } from './api/get-delivery-quote'
