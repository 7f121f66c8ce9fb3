package media

import (
	"container/list"
	"sync"
)

// lru keeps recently served images in memory, bounded by their total size.
type lru struct {
	mu    sync.Mutex
	max   int64
	size  int64
	order *list.List // front = most recent
	items map[string]*list.Element
}

type lruEntry struct {
	key  string
	data []byte
}

func newLRU(maxBytes int64) *lru {
	return &lru{max: maxBytes, order: list.New(), items: map[string]*list.Element{}}
}

func (c *lru) get(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.order.MoveToFront(el)
		return el.Value.(*lruEntry).data, true
	}
	return nil, false
}

func (c *lru) put(key string, data []byte) {
	n := int64(len(data))
	c.mu.Lock()
	defer c.mu.Unlock()
	if n > c.max {
		return // larger than the whole budget: serve it, don't keep it
	}
	if el, ok := c.items[key]; ok {
		c.size += n - int64(len(el.Value.(*lruEntry).data))
		el.Value.(*lruEntry).data = data
		c.order.MoveToFront(el)
	} else {
		c.items[key] = c.order.PushFront(&lruEntry{key, data})
		c.size += n
	}
	for c.size > c.max {
		el := c.order.Back()
		e := el.Value.(*lruEntry)
		c.order.Remove(el)
		delete(c.items, e.key)
		c.size -= int64(len(e.data))
	}
}

func (c *lru) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.items)
}
