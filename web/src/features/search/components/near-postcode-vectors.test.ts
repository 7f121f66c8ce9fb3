// @vitest-environment node
import { expect, it } from 'vitest'
import raw from '../../../../../internal/leads/testdata/contact-vectors.json?raw'
import { postcodeFormatMessage } from './near-postcode'

// The postcode search says the server's words for a postcode that is not
// four digits (internal/geo MsgPostcodeFormat, held to the same file).
const vectors = JSON.parse(raw) as { messages: Record<string, string> }

it('says the shared postcode message', () => {
  expect(vectors.messages.postcode).toBeTruthy()
  expect(postcodeFormatMessage).toBe(vectors.messages.postcode)
})
