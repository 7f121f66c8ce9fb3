// isTestDriveOnly: the dealer tagged the car 'Test Drive Only' (whatever the
// case or spacing): it can be driven but not reserved or paid for. The car
// page and checkout both follow it (docs/behaviour/states.md, Availability).
export function isTestDriveOnly(car: { custom_tag: string }): boolean {
  return car.custom_tag.trim().toLowerCase() === 'test drive only'
}
