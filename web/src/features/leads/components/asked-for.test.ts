import { describe, expect, it } from 'vitest'
import { viewingWords } from '@/lib/viewing'
import { askedFor } from './use-lead-form'

// /success repeats what was booked in the site's words: a caravan's booking
// is an inspection, not a test drive.
describe('askedFor', () => {
  const values = { time: '2026-11-25T10:00:00+10:00' }
  it('names an inspection an inspection', () => {
    expect(askedFor({ testDrive: true, subcategory: viewingWords.inspection.subcategory }, values)).toMatch(/^Inspection on /)
  })
  it('names a test drive a test drive, and a service a service', () => {
    expect(askedFor({ testDrive: true, subcategory: viewingWords.test_drive.subcategory }, values)).toMatch(/^Test drive on /)
    expect(askedFor({ service: true }, values)).toMatch(/^Service on /)
  })
})
