// Package sheettest reads back the documents the site draws (package
// sheet), for the tests that check what they say.
package sheettest

import (
	"bytes"
	"compress/zlib"
	"io"
	"regexp"
	"testing"
)

var contentStream = regexp.MustCompile(`(?s)stream\r?\n(.*?)\r?\nendstream`)

// Text is the text drawing of a PDF: every content stream, inflated. A
// drawn string shows in it between brackets: "(Metro Used Cars)".
func Text(t testing.TB, doc []byte) string {
	t.Helper()
	var out bytes.Buffer
	for _, m := range contentStream.FindAllSubmatch(doc, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			out.Write(m[1])
			continue
		}
		b, _ := io.ReadAll(r)
		out.Write(b)
	}
	return out.String()
}
