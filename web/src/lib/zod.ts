import { z } from 'zod'

// Our content security policy allows no eval: zod must not compile its
// checks with new Function (nor probe whether it may, which the browser
// reports as a policy violation). Every schema imports z from here, so the
// setting is made before any schema is built.
z.config({ jitless: true })

export { z }
