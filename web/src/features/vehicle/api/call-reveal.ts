import { api, type CarDetail } from '@/lib/api'

// logCallReveal records that the visitor revealed the dealer's number; a
// failure is only logged (docs/behaviour/states.md and docs/behaviour/errors.md).
export async function logCallReveal(car: Pick<CarDetail, 'id' | 'slug' | 'dealership_id'>, websiteId: string): Promise<void> {
  try {
    await api('post', '/api/cars/{slug}/call-reveal', {
      params: { slug: car.slug },
      body: { car_id: car.id, dealership_id: car.dealership_id, website_id: websiteId },
    })
  } catch (err) {
    console.warn('Could not log the call reveal.', err)
  }
}
