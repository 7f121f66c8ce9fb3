import { act, renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { clearSavedCars, recordViewedCar, savedCarsKey, useSavedCars, viewedLimit, type SavedCar } from './saved-cars'

const car = (id: number): SavedCar => ({ id, name: `Car ${id}`, slug: `car-${id}`, make: 'Mazda', model: '3', primary_image_url: '', stocknum: `S${id}`, body: 'Sedan', simple_body: 'Sedan' })
const stored = () => (JSON.parse(window.localStorage.getItem(savedCarsKey('viewed')) ?? '[]') as SavedCar[]).map((c) => c.id)

beforeEach(() => window.localStorage.clear())

describe('viewed cars', () => {
  it('keeps the most recent first and moves a revisited car to the front', () => {
    const { result } = renderHook(() => useSavedCars('viewed'))
    act(() => {
      recordViewedCar(car(1))
      recordViewedCar(car(2))
      recordViewedCar(car(3))
    })
    expect(result.current.map((c) => c.id)).toEqual([3, 2, 1])
    act(() => recordViewedCar(car(1)))
    expect(result.current.map((c) => c.id)).toEqual([1, 3, 2])
    expect(stored()).toEqual([1, 3, 2])
    expect(result.current[0]).toMatchObject({ stocknum: 'S1', simple_body: 'Sedan' })
  })

  it(`keeps at most ${viewedLimit} cars, dropping the oldest`, () => {
    act(() => {
      for (let id = 1; id <= viewedLimit + 3; id++) recordViewedCar(car(id))
    })
    const ids = stored()
    expect(ids).toHaveLength(viewedLimit)
    expect(ids[0]).toBe(viewedLimit + 3)
    expect(ids).not.toContain(3)
    expect(ids).toContain(4)
  })

  it('clears', () => {
    const { result } = renderHook(() => useSavedCars('viewed'))
    act(() => recordViewedCar(car(5)))
    expect(result.current).toHaveLength(1)
    act(() => clearSavedCars('viewed'))
    expect(result.current).toEqual([])
  })
})
