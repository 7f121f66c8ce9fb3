package ssr

import (
	"bytes"
	"regexp"
	"sync"
)

// urlQuery is a URL's query in a line of text: from "?" to the next space,
// quote, bracket or bar.
var urlQuery = regexp.MustCompile(`\?[^\s"'<>|()\x60]+`)

// WithoutQueries cuts every URL query out of a line bound for the log: a
// query holds what a buyer typed (docs/behaviour/http.md#no-buyer-words-in-logs).
func WithoutQueries(line string) string { return urlQuery.ReplaceAllString(line, "?…") }

// maxLine bounds one relayed line; the rest of a longer one is dropped.
const maxLine = 8 << 10

// lineWriter hands each line written to it to line, without its newline.
type lineWriter struct {
	line func(string)

	mu   sync.Mutex
	buf  []byte
	long bool // the current line passed maxLine and was handed on
}

func (w *lineWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := len(b)
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		part := b
		if i >= 0 {
			part = b[:i]
		}
		if !w.long {
			w.buf = append(w.buf, part[:min(len(part), maxLine-len(w.buf))]...)
			if len(w.buf) >= maxLine {
				w.line(string(w.buf) + " …")
				w.buf, w.long = w.buf[:0], true
			}
		}
		if i < 0 {
			break
		}
		if !w.long {
			w.line(string(bytes.TrimSuffix(w.buf, []byte("\r"))))
		}
		w.buf, w.long = w.buf[:0], false
		b = b[i+1:]
	}
	return n, nil
}
