// imageSlug names a make logo or body icon picture (/img/make/land-rover.png,
// /img/body/cab-chassis.png): lower case, '&' dropped, any other run of
// characters the image service does not take a hyphen, so every name gives
// an address it draws. The server names the same pictures the same way
// (internal/sitepages FacetImageSlug); internal/search/testdata
// slug-vectors.json holds both to the same cases.
export function imageSlug(label: string): string {
  return label
    .toLowerCase()
    .replace(/&/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
