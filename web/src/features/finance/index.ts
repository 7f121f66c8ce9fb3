// The finance feature: the calculator, the car's estimate, the weekly chip,
// the per-car finance link and the maths behind them (docs/behaviour/validation.md and docs/behaviour/calls.md
// and 9).
export { FinanceCalculator, type FinanceCalculatorProps } from './components/finance-calculator'
export { FinanceEstimate, type FinanceEstimateProps, DISCLAIMER_LIMIT } from './components/finance-estimate'
export { CarFinance, type CarFinanceProps } from './components/car-finance'
export { CarLoanScope, useCarLoan, type CarLoanInputs, type CarLoanSummary } from './lib/car-loan'
export { LoanFacts, type LoanFactsProps } from './components/loan-facts'
export { WeeklyChip, weeklyAmount, type WeeklyChipProps } from './components/weekly-chip'
export { FinanceCarSummary, useFinanceCar } from './components/finance-car'
export { financeLink, readFinanceLink, type FinanceLinkParams } from './lib/finance-link'
export { useYouxQuote, postYouxQuote, quoteRequest, type YouxQuoteRequest } from './api/youx-quote'
export { sendEvent, FINANCE_CALCULATOR_USED } from './api/send-event'
export * from './lib/maths'
export type { FinanceCar, FinanceEstimateData, YouxQuote } from './types'
