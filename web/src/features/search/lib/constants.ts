// SPEC.md section 9: search page size.
export const HitsPerPage = 21
