// The contact fields' messages, in a module of their own so a part that
// needs only the words (the delivery calculator's postcode check) does not
// load the form schemas. They are the same words as the server's 422 field
// messages (internal/leads), so a visitor reads one wording whichever side
// caught the slip; internal/leads/testdata/contact-vectors.json holds both.
export const leadMessages = {
  name: 'Name is required.',
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  emailEmpty: 'Email is required.',
  emailInvalid: 'Email must be an email address like name@example.com.',
  phoneEmpty: 'Phone is required.',
  phoneAU: 'Phone must be an Australian phone number, like 0412 345 678 or 07 3123 4567.',
  phoneNZ: 'Phone must be a New Zealand phone number, like 021 123 4567 or 03 123 4567.',
  postcode: 'Invalid postcode. Please enter a 4-digit number.',
  message: 'Message is required.',
  location: 'Please select a dealership location.',
  department: 'Please select a department.',
  dealership: 'Please select a preferred dealership.',
  subcategory: 'Please select an enquiry type.',
  subcategoryUnknown: 'Please select an enquiry type from the list.',
  terms: '*You must agree to the terms of use before submitting.',
  position: 'Position is required.',
  rego: 'Rego must be letters and numbers only.',
  odometer: 'Odometer must be a whole number of kilometres, like 45,000.',
} as const
