package listing

import (
	"fmt"
	"testing"
)

// Varied searches of broad listings cannot make a site's answer cache hold
// more than its byte bound, however few answers that is.
func TestAnswerCacheIsBoundedByBytes(t *testing.T) {
	var st Stock
	answer := make([]byte, 100<<10) // a broad listing's answer
	for i := range 200 {
		st.remember(fmt.Sprintf("query %d", i), answer)
		held := 0
		for _, b := range st.answers {
			held += len(b)
		}
		if held > maxCachedAnswerBytes {
			t.Fatalf("after %d answers of 100 KB the cache holds %d bytes, over its %d", i+1, held, maxCachedAnswerBytes)
		}
		if held != st.answerBytes {
			t.Fatalf("the cache counts %d bytes and holds %d", st.answerBytes, held)
		}
	}
	last := "query 199"
	if _, ok := st.answer(last); !ok {
		t.Error("the latest answer is not kept")
	}
	st.remember(last, answer[:10])
	if b, _ := st.answer(last); len(b) != 10 {
		t.Errorf("an answer kept again is %d bytes, want the new 10", len(b))
	}
	st.remember("too big", make([]byte, maxCachedAnswerBytes+1))
	if _, ok := st.answer("too big"); ok {
		t.Error("an answer larger than the whole bound was kept")
	}
}
