// askMessage is the enquiry's starting text when the buyer asks the dealer
// about delivery to a postcode the calculator cannot price.
export function askMessage(postcode: string): string {
  return `Hi, could you quote delivery of this car to postcode ${postcode}?`
}
