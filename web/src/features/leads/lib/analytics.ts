import { api } from '@/lib/api'
import type { CarSummary, LeadKind } from './kinds'

// docs/behaviour/calls.md#analytics-events.
export const eventIds = {
  financeModal: 9,
  newCarEnquiry: 14,
  usedCarEnquiry: 15,
  newTestDrive: 17,
  offerAccepted: 18,
  defaultForm: 22,
  usedTestDrive: 48,
  careers: 51,
} as const

function tagLabel(car: CarSummary): string {
  if (typeof car.tag === 'string') return car.tag
  return car.tag?.label || car.custom_tag || ''
}

export function isTestDriveOnly(car: CarSummary): boolean {
  return tagLabel(car).trim().toLowerCase() === 'test drive only'
}

// eventIdFor picks the one event a successful submit fires.
export function eventIdFor(kind: LeadKind, car?: CarSummary): number {
  if (kind === 'finance') return eventIds.financeModal
  if (kind === 'careers') return eventIds.careers
  if (kind === 'reserve') return eventIds.offerAccepted
  if (kind === 'test_drive') {
    if (car && car.car_type === 'used' && !isTestDriveOnly(car)) return eventIds.usedTestDrive
    return eventIds.newTestDrive
  }
  if (car && (kind === 'enquiry' || kind === 'request_photos' || kind === 'email_us' || kind === 'multi_step' || kind === 'chat')) {
    return car.car_type === 'used' ? eventIds.usedCarEnquiry : eventIds.newCarEnquiry
  }
  return eventIds.defaultForm
}

// sendEvent records an analytics event. A failure is only a console warning
// (docs/behaviour/calls.md): it never blocks or fails a lead.
export async function sendEvent(eventId: number, car?: CarSummary): Promise<void> {
  try {
    await api('post', '/api/events', {
      body: { event_id: eventId, ...(car ? { car_id: car.id } : {}), url: window.location.href },
      keepalive: true,
    })
  } catch (e) {
    console.warn('Analytics event failed', eventId, e)
  }
}
