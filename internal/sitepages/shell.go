package sitepages

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"strings"
)

// Shell is the web app's index.html, split where each page's head, the
// site's config and the page's first screen are put in.
type Shell struct {
	beforeHead, beforeConfig, beforeHTML, rest []byte
	// css is the app's stylesheet, which each page carries in its head
	// instead of linking it: a phone paints without another round trip.
	css []byte
}

// stylesheetRe finds the app's stylesheet link in the built index.html.
var stylesheetRe = regexp.MustCompile(`<link rel="stylesheet"[^>]*href="/(assets/[^"]+\.css)"[^>]*>\s*`)

const (
	headMarker   = "<!--app-head-->"
	configMarker = "<!--app-config-->"
	htmlMarker   = "<!--app-html-->"
)

// LoadShell reads the built app's index.html (and its stylesheet) from web.
func LoadShell(web fs.FS) (*Shell, error) {
	raw, err := fs.ReadFile(web, "index.html")
	if err != nil {
		return nil, fmt.Errorf("the web app is not built (index.html missing): %w", err)
	}
	// The static <title> is only for the bare file; every served page gets its own.
	if i := bytes.Index(raw, []byte("<title>")); i >= 0 {
		if j := bytes.Index(raw[i:], []byte("</title>")); j >= 0 {
			raw = append(raw[:i:i], raw[i+j+len("</title>"):]...)
		}
	}
	var css []byte
	if m := stylesheetRe.FindSubmatchIndex(raw); m != nil {
		b, err := fs.ReadFile(web, string(raw[m[2]:m[3]]))
		if err != nil {
			return nil, fmt.Errorf("the app's stylesheet: %w", err)
		}
		css = b
		raw = append(raw[:m[0]:m[0]], raw[m[1]:]...)
	}
	h := bytes.Index(raw, []byte(headMarker))
	c := bytes.Index(raw, []byte(configMarker))
	m := bytes.Index(raw, []byte(htmlMarker))
	if h < 0 || c < 0 || m < 0 || c < h || m < c {
		return nil, errors.New("index.html lacks the " + headMarker + ", " + configMarker + " and " + htmlMarker + " markers, in that order")
	}
	return &Shell{
		beforeHead:   raw[:h],
		beforeConfig: raw[h+len(headMarker) : c],
		beforeHTML:   raw[c+len(configMarker) : m],
		rest:         raw[m+len(htmlMarker):],
		css:          css,
	}, nil
}

// scriptSafeJSON keeps a JSON document from closing the <script> element
// it sits in: "<" only appears inside its strings, where \u003c means the same.
func scriptSafeJSON(doc string) string {
	return strings.ReplaceAll(doc, "<", `\u003c`)
}

// CSS is the app's stylesheet, which each page carries in its head.
func (sh *Shell) CSS() []byte { return sh.css }

// Page is the whole HTML of a page: head is its drawn head, config the
// site's public config (JSON), and, when drawn, html its first screen and
// state the data it was drawn from, for the browser to take over without
// a refetch.
func (sh *Shell) Page(head, config []byte, html, state string, drawn bool) []byte {
	var b bytes.Buffer
	b.Grow(len(sh.beforeHead) + len(sh.beforeConfig) + len(sh.rest) + len(config) + len(html) + len(state) + 2048)
	b.Write(sh.beforeHead)
	b.Write(head)
	b.Write(sh.beforeConfig)
	b.WriteString(`<script id="site-config" type="application/json">`)
	b.Write(config)
	b.WriteString("</script>")
	if drawn {
		b.WriteString(`<script id="query-state" type="application/json">`)
		b.WriteString(scriptSafeJSON(state))
		b.WriteString("</script>")
	}
	b.Write(sh.beforeHTML)
	if drawn {
		b.WriteString(html)
	}
	b.Write(sh.rest)
	return b.Bytes()
}
