// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { Dealership, Location } from '@/lib/api'
import { siteFixture } from '@/testing/site-fixture'
import {
  addressUnits,
  carouselOnLarge,
  filterLocations,
  gridColumns,
  groupTabs,
  hoursRows,
  locationGroups,
  sortLocations,
  specialHoursRows,
  swipeHintClass,
  targetLocations,
  unitsForTab,
  type OpeningHour,
} from './locations'

const base = siteFixture().locations[0]!

function loc(id: number, over: Partial<Location> & { street?: string; postcode?: string } = {}): Location {
  const { street, postcode, ...rest } = over
  return {
    ...base,
    id,
    name: `Location ${id}`,
    slug: `location-${id}`,
    primary: false,
    address: { ...base.address, street: street ?? `${id} Wharf St`, postcode: postcode ?? '4000' },
    ...rest,
  }
}

const open = (weekday: number, text = '8:30 am - 5:30 pm'): OpeningHour => ({ weekday, status: 'Open', formated_hours: text })
const closed = (weekday: number): OpeningHour => ({ weekday, status: 'Closed', formated_hours: 'Closed' })

describe('hoursRows (docs/behaviour/screens.md, Opening Hours table)', () => {
  it.each([
    {
      name: 'collapses to Mon–Fri when all 5 weekdays are identical',
      hours: [closed(0), open(1), open(2), open(3), open(4), open(5), open(6, '8:30 am - 4:00 pm')],
      want: ['Mon–Fri 8:30 am - 5:30 pm', 'Saturday 8:30 am - 4:00 pm', 'Sunday Closed'],
    },
    {
      name: 'lists Monday to Sunday when a weekday differs',
      hours: [closed(0), open(1), open(2), open(3), open(4, '8:30 am - 7:00 pm'), open(5), closed(6)],
      want: [
        'Monday 8:30 am - 5:30 pm', 'Tuesday 8:30 am - 5:30 pm', 'Wednesday 8:30 am - 5:30 pm',
        'Thursday 8:30 am - 7:00 pm', 'Friday 8:30 am - 5:30 pm', 'Saturday Closed', 'Sunday Closed',
      ],
    },
    {
      name: 'another status is Enquire Now; a missing day is Closed',
      hours: [open(1), open(2), open(3), open(4), { weekday: 5, status: 'By appointment', formated_hours: '' }],
      want: [
        'Monday 8:30 am - 5:30 pm', 'Tuesday 8:30 am - 5:30 pm', 'Wednesday 8:30 am - 5:30 pm',
        'Thursday 8:30 am - 5:30 pm', 'Friday Enquire Now', 'Saturday Closed', 'Sunday Closed',
      ],
    },
    { name: 'no hours: closed all week, collapsed', hours: null, want: ['Mon–Fri Closed', 'Saturday Closed', 'Sunday Closed'] },
  ])('$name', ({ hours, want }) => {
    expect(hoursRows(hours).map((r) => `${r.day} ${r.text}`)).toEqual(want)
  })

  it('marks Enquire Now rows so the table links them', () => {
    expect(hoursRows([{ weekday: 1, status: 'Call us', formated_hours: '' }]).find((r) => r.day === 'Monday')?.state).toBe('enquire')
  })
})

describe('specialHoursRows (docs/behaviour/entities.md: special hours are UTC, shown am/pm)', () => {
  it('shows times in the location zone, dates dd/MM/yyyy, closed days as Closed', () => {
    const rows = specialHoursRows(
      [
        { date: '2026-12-25', status: 'Closed', name: 'Christmas Day', location_id: 7 },
        // 23:00 UTC on the 23rd is 9:00 am on the 24th in Brisbane (UTC+10).
        { date: '2026-12-24', status: 'Open', name: 'Christmas Eve', location_id: 7, start_hour: '2026-12-23T23:00:00Z', end_hour: '2026-12-24T03:30:00Z' },
        { date: '2026-12-26', status: 'Closed', name: 'Boxing Day', location_id: 8 },
      ],
      'Australia/Brisbane',
      7,
    )
    expect(rows).toEqual([
      { date: 'Fri 25/12/2026', name: 'Christmas Day', text: 'Closed' },
      { date: 'Thu 24/12/2026', name: 'Christmas Eve', text: '9:00 am – 1:30 pm' },
    ])
  })

  it('uses the zone: the same instant reads differently in Auckland', () => {
    const [row] = specialHoursRows(
      [{ date: '2026-12-24', status: 'Open', start_hour: '2026-12-23T20:00:00Z', end_hour: '2026-12-24T01:00:00Z' }],
      'Pacific/Auckland',
    )
    expect(row?.text).toBe('9:00 am – 2:00 pm')
  })
})

describe('location search (docs/behaviour/validation.md: case-insensitive against name, postcode, street or location type)', () => {
  const ls = [
    loc(1, { name: 'Summit Mazda Newstead', street: '88 Breakfast Creek Road', postcode: '4006' }),
    loc(2, { name: 'Summit Ford Service', location_type: 'service', street: '4 Sunshine Beach Road', postcode: '4567' }),
    loc(3, { name: 'Summit Used Cars', location_type: 'used', street: '39 Campbell Street', postcode: '4006' }),
  ]
  it.each([
    ['mazda', [1]],
    ['NEWSTEAD', [1]],
    ['4567', [2]],
    ['campbell st', [3]],
    ['service', [2]],
    ['USED', [3]],
    ['  ', [1, 2, 3]],
    ['nowhere', []],
  ])('%s', (q, ids) => {
    expect(filterLocations(ls, q).map((l) => l.id)).toEqual(ids)
  })
})

describe('ordering (docs/behaviour/constants.md: location ordering sales 1, service 2, parts 3)', () => {
  it('sorts by type, the primary first among equals', () => {
    const ls = [loc(1, { location_type: 'parts' }), loc(2, { location_type: 'service' }), loc(3), loc(4, { primary: true })]
    expect(sortLocations(ls).map((l) => l.id)).toEqual([4, 3, 2, 1])
  })

  it('groups departments at one address for the Sales/Service/Parts dropdown', () => {
    const ls = [
      loc(1, { location_type: 'parts', street: '75 Breakfast Creek Road' }),
      loc(2, { street: '75 Breakfast  Creek Road' }),
      loc(3, { location_type: 'service', street: '75 breakfast creek road' }),
      loc(4, { street: '5 Doggett Street' }),
    ]
    expect(addressUnits(ls).map((u) => u.map((l) => l.id))).toEqual([[2, 3, 1], [4]])
  })
})

describe('tabs by location type (docs/behaviour/screens.md: sales, used, service, parts; up to 4)', () => {
  it('offers the types present, in order, when the addresses differ', () => {
    const ls = [
      loc(1, { location_type: 'parts', street: 'B' }),
      loc(2, { street: 'A' }),
      loc(3, { location_type: 'service', street: 'A' }),
      loc(4, { location_type: 'used', street: 'C' }),
    ]
    expect(groupTabs(ls)).toEqual(['sales', 'used', 'service', 'parts'])
    expect(unitsForTab(ls, 'service').map((u) => u.map((l) => l.id))).toEqual([[3, 2]])
    expect(unitsForTab(ls, 'sales').map((u) => u.map((l) => l.id))).toEqual([[2, 3]])
  })

  it('needs no tabs for one address or one type', () => {
    expect(groupTabs([loc(1, { street: 'A' }), loc(2, { street: 'A', location_type: 'service' })])).toEqual([])
    expect(groupTabs([loc(1, { street: 'A' }), loc(2, { street: 'B' })])).toEqual([])
  })

  it('makes one block per dealership, the primary location’s first', () => {
    // only the fields the grouping reads
    const ds = [
      { id: 10, name: 'Ten', slug: 'ten' },
      { id: 20, name: 'Twenty', slug: 'twenty' },
    ] as unknown as Dealership[]
    const groups = locationGroups([loc(1, { dealership_id: 10 }), loc(2, { dealership_id: 20, primary: true })], ds)
    expect(groups.map((g) => g.name)).toEqual(['Twenty', 'Ten'])
  })
})

describe('block targets (docs/behaviour/screens.md: primary, sales, service, parts, service-and-parts, all or an id)', () => {
  const ls = [loc(1, { primary: true }), loc(2, { location_type: 'used' }), loc(3, { location_type: 'service' }), loc(4, { location_type: 'parts' })]
  it.each([
    ['primary', [1]],
    ['sales', [1, 2]],
    ['service', [3]],
    ['parts', [4]],
    ['service-and-parts', [3, 4]],
    ['all', [1, 2, 3, 4]],
    [4, [4]],
  ] as const)('%s', (target, ids) => {
    expect(targetLocations(ls, target).map((l) => l.id)).toEqual(ids)
  })
})

describe('layout by count (docs/behaviour/screens.md#locations-page and docs/behaviour/constants.md#locations: columns vary by count; Swipe hint hidden on large screens up to 3)', () => {
  it.each([
    [2, 'lg:grid-cols-2', 'lg:hidden', false],
    [3, 'lg:grid-cols-3', 'lg:hidden', false],
    [4, 'lg:grid-cols-3', '', true],
    [13, 'lg:grid-cols-3', '', true],
  ])('%i locations', (n, cols, hint, carousel) => {
    expect(gridColumns(n)).toBe(cols)
    expect(swipeHintClass(n)).toBe(hint)
    expect(carouselOnLarge(n)).toBe(carousel)
  })
})
