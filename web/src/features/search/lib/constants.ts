// docs/behaviour/constants.md: search page size.
export const HitsPerPage = 21
