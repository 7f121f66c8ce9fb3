package listing

import (
	"fmt"
	"testing"
)

// Varied searches of broad listings cannot make the node's kept answers
// hold more than its budget, however few answers that is.
func TestAnswerCacheIsBoundedByBytes(t *testing.T) {
	t.Parallel()
	c := newAnswerCache(1 << 20)
	var st Stock
	answer := Answer{JSON: make([]byte, 80<<10), Gzip: make([]byte, 20<<10)} // a broad listing's answer
	for i := range 200 {
		c.put("a", &st, fmt.Sprintf("query %d", i), answer)
		if used, n := c.size(); used > 1<<20 || used != n*answer.size() {
			t.Fatalf("after %d answers of 100 KB the cache holds %d bytes in %d answers, over its %d", i+1, used, n, 1<<20)
		}
	}
	last := "query 199"
	if _, ok := c.get("a", &st, last); !ok {
		t.Error("the latest answer is not kept")
	}
	if _, ok := c.get("a", &st, "query 0"); ok {
		t.Error("the least recently used answer is still kept")
	}
	c.put("a", &st, last, Answer{JSON: answer.JSON[:10], Gzip: answer.Gzip[:5]})
	if b, _ := c.get("a", &st, last); b.size() != 15 {
		t.Errorf("an answer kept again is %d bytes, want the new 15", b.size())
	}
	if used, _ := c.size(); used%answer.size() != 15 {
		t.Errorf("the cache counts %d bytes after an answer was kept again smaller", used)
	}
	c.put("a", &st, "too big", Answer{JSON: make([]byte, 1<<20/10-10), Gzip: make([]byte, 11)})
	if _, ok := c.get("a", &st, "too big"); ok {
		t.Error("an answer over a tenth of the budget was kept")
	}
}

// A busy site cannot take the whole budget: past it, the site holding the
// most gives answers up, so a quiet site keeps its few. A new stock starts
// a site afresh, and its old answers stop counting.
func TestAnswerCacheIsSharedFairly(t *testing.T) {
	t.Parallel()
	c := newAnswerCache(1 << 20)
	var busy, quiet Stock
	answer := Answer{JSON: make([]byte, 40<<10), Gzip: make([]byte, 10<<10)}
	for i := range 3 {
		c.put("quiet", &quiet, fmt.Sprint(i), answer)
	}
	for i := range 500 {
		c.put("busy", &busy, fmt.Sprint(i), answer)
	}
	for i := range 3 {
		if _, ok := c.get("quiet", &quiet, fmt.Sprint(i)); !ok {
			t.Errorf("the quiet site lost answer %d to the busy one", i)
		}
	}
	var next Stock
	if _, ok := c.get("quiet", &next, "0"); ok {
		t.Error("an answer of the old stock was given for the new one")
	}
	c.put("quiet", &next, "0", answer)
	used, n := c.size()
	if used != n*answer.size() {
		t.Errorf("the cache counts %d bytes for %d answers of %d", used, n, answer.size())
	}
	c.forget("")
	if used, n := c.size(); used != 0 || n != 0 {
		t.Errorf("after forget: %d bytes in %d answers", used, n)
	}
}
