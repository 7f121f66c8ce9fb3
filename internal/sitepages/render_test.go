package sitepages

import (
	"strings"
	"testing"
)

// The head's text, addresses and JSON-LD come from dealers' data and
// visitors' URLs: none of it can close its element or add markup.
func TestPageHeadEscapesWhatItCarries(t *testing.T) {
	evil := `"><script>alert(1)</script>`
	h := Head{
		Title: "Ute " + evil, Description: "Desc " + evil, Canonical: "https://a.example/cars/x?q=" + evil,
		Image: "https://a.example/img/" + evil, Type: "product",
		JSONLD:      map[string]any{"name": "</script><script>alert(1)</script>"},
		Preload:     []ImagePreload{{Href: "/img/a.jpg?w=1200&q=75", SrcSet: "/img/a.jpg?w=400&q=75 400w, " + evil + " 600w", Sizes: "100vw"}},
		DataPreload: "/api/cars/x",
	}
	got := string(h.Render([]byte("body{color:red}"), "abc+/def==", false))
	if strings.Contains(got, "<script>alert") || strings.Contains(got, `"><`) {
		t.Errorf("the head carries markup from its data:\n%s", got)
	}
	for _, want := range []string{
		"<title>Ute &#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>\n",
		`<script type="application/ld+json">{"name":"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e"}</script>`,
		`<style nonce="abc+/def==">body{color:red}</style>`,
		`<link rel="preload" as="image" href="/img/a.jpg?w=1200&amp;q=75" imagesrcset="/img/a.jpg?w=400&amp;q=75 400w, &#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt; 600w" imagesizes="100vw" fetchpriority="high">`,
		`<link rel="preload" as="fetch" href="/api/cars/x" crossorigin="anonymous">`,
		`<meta name="csp-nonce" content="abc+/def==">`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the head lacks %s:\n%s", want, got)
		}
	}
	if drawn := string(h.Render(nil, "n", true)); strings.Contains(drawn, `as="fetch"`) {
		t.Error("a page drawn on the server still preloads its data")
	}
}
