import type { Card, Hit } from '@/lib/card-types'

// hitFixture is one car shaped like GET /api/cars answers it, for tests;
// it is also a search answer's card (with a distance when given one).
export function hitFixture(overrides: Partial<Hit> & Pick<Partial<Card>, 'distance_km'> = {}): Hit & Pick<Partial<Card>, 'distance_km'> {
  const id = overrides.id ?? 101
  const base: Hit = {
    id,
    slug: `2021-toyota-corolla-${id}`,
    path: `/cars/2021-toyota-corolla-${id}`,
    name: '2021 Toyota Corolla Ascent Sport',
    year: 2021,
    make: 'Toyota',
    model: 'Corolla',
    badge: 'Ascent Sport',
    series: 'ZWE211R',
    car_type: 'used',
    status: 'in_stock',
    stocknum: `S${id}`,
    vin: '', nvic: '', regplate: '', rego_expiry: '', regoState: '', build_date: '', compliance_date: '',
    km: 45210,
    price: 28990,
    before_price: 0,
    subscription_price: 0,
    offer_price: 0,
    price_type: 'DAP',
    preorder: false,
    colour: 'White', interior_colour: 'Black',
    body: 'Hatchback', simple_body: 'Hatch',
    simple_transmission: 'Automatic', trans: 'CVT',
    simple_fuel: 'Petrol', fuel: 'Unleaded', simple_drive: 'FWD', drive: 'Front Wheel Drive',
    seats: 5, doors: 5, engine_size: 1987, engine_size_litres: 2, gearnum: 10, bodyconfiguration: '',
    certified: false, reserved: false, custom_tag: '',
    created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-02T00:00:00Z',
    photos_count: 12, views: 3, video_url: '', external_video_url: '', file: '',
    images: null,
    primary_image_url: `/img/car/${id}/1.jpg`,
    spin_images: null, spin_interior_image: '', spin_code: '',
    dealercomments: '', standardEquipment: null,
    location_id: 1, location_name: 'Test Motors Brisbane', dealership_id: 1, dealership_ids: [1], dealership_slug: 'test-motors',
    show_on_dealer_website: true, sold_date_timestamp: 0,
    carsales_title: '', private_suburb: '', private_postcode: '', item_type: '',
    manufacturer_body: '', manufacturer_body2: '', manufacturer_body3: '',
    rank: 0,
    tag: null,
    price_display: { kind: 'price', text: '$28,990', was: null, suffix: '' },
    weekly_payment: 112,
    below_market: false,
    available: true,
    city: 'Brisbane',
  }
  return { ...base, ...overrides }
}
