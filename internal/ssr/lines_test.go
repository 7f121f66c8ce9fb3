package ssr

import (
	"strings"
	"testing"
)

func TestLineWriterHandsOnWholeLines(t *testing.T) {
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
