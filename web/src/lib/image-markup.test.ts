// @vitest-environment node
import { describe, expect, it } from 'vitest'

// Every picture the app draws reserves its space (width and height, so
// nothing shifts when it arrives), and every picture left to load lazily is
// also decoded off the main thread. The rule is read from the source, so a
// new <img> that forgets it fails here before any page is opened.

const sources = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx'], { query: '?raw', import: 'default', eager: true })

// imgTags returns each <img ... /> element's text; braces are counted so an
// arrow function's ">" inside an attribute does not end the tag.
function imgTags(text: string): string[] {
  const tags: string[] = []
  for (let i = text.indexOf('<img'); i >= 0; i = text.indexOf('<img', i + 1)) {
    if (!/\s/.test(text[i + 4] ?? '')) continue
    let depth = 0
    for (let j = i; j < text.length; j++) {
      const c = text[j]
      if (c === '{') depth++
      else if (c === '}') depth--
      else if (depth === 0 && c === '/' && text[j + 1] === '>') {
        tags.push(text.slice(i, j + 2))
        break
      }
    }
  }
  return tags
}

const tags = Object.entries(sources).flatMap(([file, text]) => imgTags(text).map((tag) => ({ file: file.replace(/^\.\.\//, ''), tag })))

describe('every <img> in the app', () => {
  it('is found (the scan reads the app)', () => {
    expect(tags.length).toBeGreaterThan(20)
  })

  it('has a width and a height', () => {
    const missing = tags.filter(({ tag }) => !/\swidth=/.test(tag) || !/\sheight=/.test(tag)).map(({ file, tag }) => `${file}: ${tag}`)
    expect(missing).toEqual([])
  })

  it('decodes off the main thread when it loads lazily', () => {
    const missing = tags.filter(({ tag }) => /loading="lazy"/.test(tag) && !/decoding=/.test(tag)).map(({ file, tag }) => `${file}: ${tag}`)
    expect(missing).toEqual([])
  })

  it('offers a set of widths when it is a photo the page sizes by the screen', () => {
    // A photo that fills a card, a column or the screen is asked for at one
    // of several widths; small fixed-size pictures (logos, thumbnails,
    // icons) and frames that are sized by the screen in code need none.
    const fixed = /width=\{(24|40|56|64|120|size|width)\}/
    const missing = tags
      .filter(({ tag }) => /className=(\{cn\()?["'][^"']*\bw-full\b/.test(tag) && !fixed.test(tag) && !/srcSet=/.test(tag))
      .map(({ file, tag }) => `${file}: ${tag}`)
    expect(missing).toEqual([])
  })
})

describe('imgTags', () => {
  it('reads a tag whose attributes hold arrow functions', () => {
    expect(imgTags('<div><img src={a} onError={() => f(x > 1)} width={1} /><imgx /></div>')).toEqual(['<img src={a} onError={() => f(x > 1)} width={1} />'])
  })
})
