// docs/behaviour/screens.md: the default search path when the site names none.
export const defaultSearchPath = '/search/new-used-and-demo-cars/'
