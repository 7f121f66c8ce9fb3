import type { Site } from './api'

// A buyer books to see stock in person: a car is test driven, a caravan is
// towed, so it is inspected instead. The vehicle decides when there is one;
// without one (the booking page on its own) the site's wording.viewing does.
export type Viewing = 'test_drive' | 'inspection'

export function carViewing(car: { item_type?: string | null }): Viewing {
  return car.item_type === 'caravan' ? 'inspection' : 'test_drive'
}

export function viewingFor(site: { wording: Pick<Site['wording'], 'viewing'> }, car?: { item_type?: string | null } | null): Viewing {
  if (car) return carViewing(car)
  return site.wording.viewing === 'inspection' ? 'inspection' : 'test_drive'
}

// towedStock: a dealer whose stock is towed (a caravan yard, which books
// inspections) services vehicles without an odometer, so its service form
// asks for none.
export function towedStock(site: { wording: Pick<Site['wording'], 'viewing'> }): boolean {
  return site.wording.viewing === 'inspection'
}

// The words for each: the button and page title, the form's submit button,
// what /success says was sent, and the lead's subcategory (what the dealer
// and My Garage call it).
export const viewingWords: Record<Viewing, { book: string; submit: string; noun: string; subcategory: string; intro: string }> = {
  test_drive: {
    book: 'Book a Test Drive',
    submit: 'Book Test Drive',
    noun: 'test drive request',
    subcategory: 'Test Drive',
    intro: 'Choose a day and a time that suit you, and we will have the car ready for you to drive.',
  },
  inspection: {
    book: 'Book an Inspection',
    submit: 'Book Inspection',
    noun: 'inspection request',
    subcategory: 'Inspection',
    intro: 'Choose a day and a time that suit you, and we will have it set up, awning out and doors open, for you to look through.',
  },
}
