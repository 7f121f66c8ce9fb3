package listing

import (
	"container/list"
	"sync"
)

// DefaultAnswerBudget is the node's memory for kept search answers when
// the Service names none: 128 MB keeps some 5,000 broad answers (25 KB)
// and many more narrow ones, across every site of the node.
const DefaultAnswerBudget = 128 << 20

// answerCache keeps encoded search answers for every site of the node
// within one byte budget. Each site's answers are kept least recently used
// first out; past the budget the site holding the most bytes gives one up,
// so a busy site cannot starve the others and an idle one keeps its share.
// A site's answers belong to the stock they were drawn from: a new stock
// starts the site afresh.
type answerCache struct {
	mu     sync.Mutex
	budget int
	used   int
	sites  map[string]*siteAnswers
}

type siteAnswers struct {
	stock *Stock
	order *list.List // of *keptAnswer, most recently used first
	byKey map[string]*list.Element
	bytes int
}

type keptAnswer struct {
	key string
	a   Answer
}

func newAnswerCache(budget int) *answerCache {
	if budget <= 0 {
		budget = DefaultAnswerBudget
	}
	return &answerCache{budget: budget, sites: map[string]*siteAnswers{}}
}

// get answers the kept answer of key for the site's stock st.
func (c *answerCache) get(site string, st *Stock, key string) (Answer, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	sa := c.sites[site]
	if sa == nil || sa.stock != st {
		return Answer{}, false
	}
	e, ok := sa.byKey[key]
	if !ok {
		return Answer{}, false
	}
	sa.order.MoveToFront(e)
	return e.Value.(*keptAnswer).a, true
}

// put keeps a as the answer of key for the site's stock st. An answer
// larger than a tenth of the budget is not kept.
func (c *answerCache) put(site string, st *Stock, key string, a Answer) {
	n := a.size()
	if n > c.budget/10 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	sa := c.sites[site]
	if sa == nil || sa.stock != st {
		if sa != nil {
			c.used -= sa.bytes
		}
		sa = &siteAnswers{stock: st, order: list.New(), byKey: map[string]*list.Element{}}
		c.sites[site] = sa
	}
	if e, ok := sa.byKey[key]; ok {
		sa.drop(e, c)
	}
	sa.byKey[key] = sa.order.PushFront(&keptAnswer{key: key, a: a})
	sa.bytes += n
	c.used += n
	for c.used > c.budget {
		c.largest().drop(nil, c)
	}
}

// forget drops every answer of a site ("" drops every site's).
func (c *answerCache) forget(site string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for name, sa := range c.sites {
		if site == "" || name == site {
			c.used -= sa.bytes
			delete(c.sites, name)
		}
	}
}

// size is how many bytes the kept answers hold, and of how many answers.
func (c *answerCache) size() (bytes, answers int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, sa := range c.sites {
		answers += len(sa.byKey)
	}
	return c.used, answers
}

// largest is the site holding the most bytes.
func (c *answerCache) largest() *siteAnswers {
	var big *siteAnswers
	for _, sa := range c.sites {
		if big == nil || sa.bytes > big.bytes {
			big = sa
		}
	}
	return big
}

// drop takes e (nil: the least recently used answer) out of the site's.
func (sa *siteAnswers) drop(e *list.Element, c *answerCache) {
	if e == nil {
		e = sa.order.Back()
	}
	if e == nil {
		return
	}
	k := sa.order.Remove(e).(*keptAnswer)
	delete(sa.byKey, k.key)
	sa.bytes -= k.a.size()
	c.used -= k.a.size()
}
