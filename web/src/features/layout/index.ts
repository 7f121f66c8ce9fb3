export { SiteLayout } from './components/site-layout'
