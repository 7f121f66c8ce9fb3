import { describe, expect, it } from 'vitest'
import { QueryClient, dehydrate, hydrate } from '@tanstack/react-query'
import { ApiError } from './api'
import { packState, unpackState } from './page-state'

const asked = ['search', '/search/new-used-and-demo-cars/', 'query=john%20citizen%200412999888&page=2']
const answer = {
  count: 1,
  path: '/search/new-used-and-demo-cars/',
  canonical: '/search/new-used-and-demo-cars/?page=2&query=john+citizen+0412999888',
  query: { text: 'john citizen 0412999888', page: 2, sort: '', refinements: {}, ranges: {} },
}

function drawn(key: unknown[], data: unknown) {
  const c = new QueryClient()
  c.setQueryData(key, data)
  return JSON.stringify(packState(dehydrate(c)))
}

describe('page state', () => {
  it('writes a searched text once and gives the browser the same answer back', () => {
    const text = drawn(asked, answer)
    expect(text.split('0412999888')).toHaveLength(2)
    const c = new QueryClient()
    hydrate(c, unpackState(JSON.parse(text)))
    const back = c.getQueryData(asked) as typeof answer
    expect(back.query).toEqual(answer.query)
    expect(back.count).toBe(1)
  })

  it('keeps the canonical address and the text when the key does not give them', () => {
    const moved = { ...answer, path: '/search/used-cars/', query: { ...answer.query, text: 'hilux' } }
    const back = unpackState(JSON.parse(drawn(asked, moved))).queries[0]!.state.data as typeof answer
    expect(back.canonical).toBe(answer.canonical)
    expect(back.query.text).toBe('hilux')
  })

  it('leaves other queries as they are and revives a drawn error', () => {
    const c = new QueryClient()
    c.setQueryData(['car', 'x'], { query: { text: 'kept' }, canonical: '/c' })
    const state = packState(dehydrate(c))
    const first = state.queries[0]!
    state.queries.push({ ...first, queryKey: ['car', 'gone'], state: { ...first.state, data: undefined, status: 'error', error: new ApiError(404, 'not_found', 'Gone') } })
    const back = unpackState(JSON.parse(JSON.stringify(packState(state))))
    const [kept, gone] = back.queries
    expect(kept?.state.data).toEqual({ query: { text: 'kept' }, canonical: '/c' })
    expect(gone?.state.error).toBeInstanceOf(ApiError)
    expect((gone?.state.error as ApiError).status).toBe(404)
  })
})
