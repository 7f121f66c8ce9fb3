import type { Site } from '@/lib/api'

// A small but complete site config, shaped like GET /api/site.
export function siteFixture(overrides: Partial<Site> = {}): Site {
  const base: Site = {
    slug: 'test-motors',
    name: 'Test Motors',
    template: 'default',
    country: 'AU',
    currency: 'AUD',
    timezone: 'Australia/Brisbane',
    domains: ['test-motors.example'],
    city: 'Brisbane',
    state: 'QLD',
    theme: { colors: { primary: '#123456' }, logo: '', font: 'Inter', radius: '0.5rem' },
    features: {
      favourites: true, compare: false, watchlist: false, reserve: false, buy_online: false, checkout_journey: false,
      checkout_sign_in: false, finance_sign_in: false, print_pdf: false, chat: false, autogauge: false, sales_counter: false, reveal_phone: false,
      phone_revealed: false, series_display: false, electric_label: false, weekly_finance_chip: false,
      fuel_calculator: false, delivery_calculator: false, finance_calculator: false, trade_in: true, youx_quote: false,
      postcode_lookup: true, similar_cars: true, similar_load_in_view: false, spinner: false, default_view_gallery: false,
      certified_badge: false, terms_required: false, message_optional: false, offers: true, garage: false, autobot: false, car_identity: false,
    },
    wording: {
      no_price_text: 'Enquire for price', sold_tag_name: 'Sold', new_tag_name: 'Just Arrived',
      terms: 'Prices are subject to change.\n\nVehicles are subject to prior sale.',
      privacy: 'Test Motors answers access requests within 7 days.',
      tagline: 'Cars for testers', description: 'New and used cars in Brisbane.', reserve_deposit: '', return_terms: '',
      department_placeholder: false, warranty: null, why_us: null, extra: null,
      enquiry_categories: ['General Enquiry', 'Vehicle Enquiry', 'Finance Enquiry', 'Trade-In Enquiry', 'Service Enquiry', 'Parts Enquiry'],
      terms_message: '*You must agree to the terms of use before submitting.',
      viewing: 'test_drive',
      service_types: ['Logbook Service', 'General Service', 'Repairs or Diagnosis', 'Tyres and Wheels', 'Other'],
      service_extras: ['Wheel Alignment', 'Car Wash', 'Loan Car', 'Pick Up and Drop Off'],
      stock_noun: 'car',
      stock_noun_plural: 'cars',
    },
    navigation: {
      header: [
        { label: 'Home', href: '/' },
        {
          label: 'Stock',
          href: '/search/new-used-and-demo-cars/',
          children: [
            { label: 'Used Vehicles', href: '/search/used-cars' },
            { label: 'Demo Vehicles', href: '/search/demo-cars' },
          ],
        },
        { label: 'Finance', href: '/finance' },
      ],
      footer: [
        { title: 'Vehicles', links: [{ label: 'SUV', href: '/search/suv' }] },
        { title: 'Buyer Tools', links: [{ label: 'Apply for Finance', href: '/apply-for-finance' }] },
      ],
      payment_methods: null,
      dropdown_hover: false,
    },
    phones: { main: '+61 7 3555 0101', by_car_type: null, filter_by_car_type: false },
    finance: {
      provider: 'Manual', amount: { min: 5000, max: 100000, step: 1000 }, term: { min: 1, max: 7, step: 1 },
      interest: { min: 5, max: 15, step: 0.1 }, default_amount: 30000, default_term: 5, default_interest: 8.5,
      default_frequency: 'week', establishment_fee: 0, hide_frequency: false, interest_locked: false,
      quick_picks: null, excluded_makes: null, disclaimer: '', disclaimers: null,
      lenders: null, excluded_dealerships: null, rounding: 'up', term_options: null, price_based_max: false,
      purchase_price: false, amount_from_price: false, fees: null, comparison_rate_range: null,
    },
    search: {
      default_path: '/search/used-cars', cards_per_row: 3, default_sort: '', hits_per_page: 21, stock_count: 0,
      default_city: '', refresh_path: '', promo_offset: false,
      stock_rules: { min_photos: 0, min_price: 0, used_only: false, excluded_new_makes: null, demo_min_km: 0, sold_window_days: 0, exclude_price_zero_on_price_asc: false },
    },
    promo_cards: null,
    offers: [{ title: 'Finance from 4.9%', text: 'On every used car.', start: '2020-01-01', expiry: '', href: '/finance', image: '' }],
    pages: [
      { path: '/about-us', title: 'About Us', description: 'About Test Motors.' },
      { path: '/special-offers', title: 'Special Offers', description: '', component: 'offers' },
      { path: '/service', title: 'Book a Service', description: '', component: 'service' },
      { path: '/vehicle-parts-and-accessories', title: 'Vehicle Parts and Accessories', description: '', component: 'parts' },
      { path: '/careers', title: 'Careers at Test Motors', description: '', component: 'careers' },
      { path: '/models', title: 'New Models', description: '', component: 'models' },
      { path: '/brands', title: 'Brands', description: '', component: 'brands' },
      { path: '/privacy-policy', title: 'Privacy Policy', description: '' },
      { path: '/terms-and-conditions', title: 'Terms and Conditions', description: '' },
    ],
    reviews: { min_rating: 4, max: 12, hidden: false, stars_minimum: 4 },
    home: {
      banners: [
        { title: 'First banner', text: 'One', href: '/special-offers', image: '/img/banner/1/123456.jpg' },
        { title: 'Second banner', text: 'Two', href: '/finance', image: '/img/banner/2/123456.jpg' },
        { title: 'Third banner', text: 'Three', href: '/service', image: '/img/banner/3/123456.jpg' },
      ],
      feature_links: [
        { label: 'Latest Offers', href: '/special-offers' },
        { label: 'Book Service Online', href: '/service' },
        { label: 'Sell Your Car', href: '/sell-my-car' },
      ],
    },
    vehicle_page: { share_toast: false, why_buy: ['Easy Finance'], podium_chat: false, strict_reserve: false, finance_enquiry_button: false },
    locations: [
      {
        id: 1, name: 'Test Motors Brisbane', slug: 'test-motors-brisbane', visible: true, primary: true,
        location_type: '', location_subtype: '', dealership_id: 1, dealership_slug: 'test-motors', manufacturers: ['Toyota'],
        dealer_license_number: '123', phone: '0735550199', image: { url: '/img/location/1.jpg', thumb: { url: '/img/location/1.jpg?w=200' } },
        address: { street: '1 Wharf St', city: 'Brisbane', state: 'QLD', postcode: '4000', lat: -27.47, long: 153.03 },
        contact_detail: { phone: '0735550199' },
        reviews: { average_rating: 4.6, count: 120 },
      },
    ],
    dealerships: [],
  }
  return { ...base, ...overrides }
}
