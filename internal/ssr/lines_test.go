package ssr

import (
	"strings"
	"testing"
)

func TestLineWriterHandsOnWholeLines(t *testing.T) {
	t.Parallel()
	var got []string
	w := &lineWriter{line: func(s string) { got = append(got, s) }}
	for _, part := range []string{"one\ntw", "o\r\n", strings.Repeat("x", maxLine+10), "\nthree\n", "partial"} {
		w.Write([]byte(part))
	}
	want := []string{"one", "two", strings.Repeat("x", maxLine) + " …", "three"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %d lines %.80q, want %.80q", len(got), got, want)
	}
}

// docs/behaviour/http.md#no-buyer-words-in-logs
func TestWorkerLinesLoseTheirQueries(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`ssr: render a.localhost/search/used-cars?query=john%20citizen%200412999888: boom`: `ssr: render a.localhost/search/used-cars?… boom`,
		`fetch failed: http://a/api/suggest?q=0412999888 (500)`:                            `fetch failed: http://a/api/suggest?… (500)`,
		`ssr: query not loaded: suggest on /search/:a`:                                     `ssr: query not loaded: suggest on /search/:a`,
		`"url":"/x?q=a b"`: `"url":"/x?… b"`,
	} {
		if got := WithoutQueries(in); got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}
