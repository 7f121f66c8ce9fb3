// The trade-in feature: the instant valuation flow and its page frame.
export { TradeInFlow, type TradeInFlowProps } from './components/trade-in-flow'
export { TradeInPage, type TradeInPageProps } from './components/trade-in-page'
