export { HomePage } from './components/home-page'
export { BannerCarousel, BANNER_START_INDEX } from './components/banner-carousel'
