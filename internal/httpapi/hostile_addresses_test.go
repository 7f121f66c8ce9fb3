package httpapi_test

import (
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"forecourt/internal/httpapi"
	"forecourt/internal/pageserve"
)

func (c *countingRenderer) total() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, v := range c.calls {
		n += v
	}
	return n
}

// hostileApp serves the demo sites with a renderer that counts its renders.
func hostileApp(t *testing.T) (*testApp, *countingRenderer, string) {
	t.Helper()
	ref := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	reg, st := demoStore(t, ref)
	r := &countingRenderer{calls: map[string]int{}}
	srv := &httpapi.Server{Sites: reg, Store: st, Web: webApp, Pages: corePages(t), SSR: r, RenderWait: time.Minute}
	_, ts := serve(t, srv)
	site, _ := reg.BySlug("summit-motor-group")
	return &testApp{srv: ts}, r, site.Search.DefaultPath
}

// docs/behaviour/http.md#long-address
func TestALongAddressIsRefusedBeforeItIsDrawn(t *testing.T) {
	t.Parallel()
	a, r, def := hostileApp(t)
	const host = "summit-motor-group.localhost"
	prefix := def + "?query="
	long := prefix + strings.Repeat("x", 9<<10)
	res, body := a.get(t, host, long)
	if res.StatusCode != http.StatusRequestURITooLong {
		t.Errorf("a 9 KB query: %d, want 414", res.StatusCode)
	}
	if len(body) > 200 || strings.Contains(body, "xxxx") {
		t.Errorf("the 414 page is not small and plain: %.200q", body)
	}
	if n := r.total(); n != 0 {
		t.Errorf("a 9 KB address was drawn %d times", n)
	}
	// An address of exactly 8 KB is a page like any other.
	ok := prefix + strings.Repeat("y", pageserve.MaxPageAddress-len(prefix))
	res, body = a.get(t, host, ok)
	if res.StatusCode != http.StatusOK || !strings.Contains(body, "<p>drawn ") {
		t.Errorf("an 8 KB address: %d, drawn %v", res.StatusCode, strings.Contains(body, "<p>drawn "))
	}
	if n := r.total(); n != 1 {
		t.Errorf("an 8 KB address was drawn %d times, want 1", n)
	}
}

// docs/behaviour/http.md#encoded-slash
func TestAnEscapedSlashNamesNoPage(t *testing.T) {
	t.Parallel()
	a, r, _ := hostileApp(t)
	const host = "summit-motor-group.localhost"
	for _, p := range []string{"/cars/foo%2fbar", "/cars/foo%2Fbar", "/cars/foo%5cbar", "/cars/foo%5Cbar", "/search/used%2fcars/"} {
		res, body := a.get(t, host, p)
		if res.StatusCode != http.StatusNotFound || !strings.Contains(body, "Page not found | Summit Motor Group") {
			t.Errorf("%s: %d, title %q", p, res.StatusCode, titleOf(body))
		}
	}
	if n := r.total(); n != 0 {
		t.Errorf("pages with an escaped slash were drawn %d times", n)
	}
}

func titleOf(body string) string {
	i, j := strings.Index(body, "<title>"), strings.Index(body, "</title>")
	if i < 0 || j < i {
		return ""
	}
	return body[i+len("<title>") : j]
}

// docs/behaviour/http.md#no-buyer-words-in-logs,
// docs/behaviour/http.md#query-once
func TestWhatABuyerSearchesIsWrittenOnceAndNeverLogged(t *testing.T) {
	t.Parallel()
	a, log := builtAppLogging(t, slog.LevelDebug)
	const host, words = "summit-motor-group.localhost", "0412999888"
	res, body := a.get(t, host, "/search/new-used-and-demo-cars/?query=john%20citizen%200412999888")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("results page: %d", res.StatusCode)
	}
	root, state := firstScreen(t, body)
	head := body[:strings.Index(body, "</head>")]
	// Before: the canonical link and og:url (2), the search answer's text
	// and canonical, its query key and that key's hash (4), the search
	// box, a chip's name and its text (3). Now: the key, the box and the
	// chip's text.
	inHead, inState, inRoot := strings.Count(head, words), strings.Count(state, words), strings.Count(root, words)
	if inHead != 0 || inState > 1 || inRoot > 2 {
		t.Errorf("the searched text is written %d times in the head, %d in the state, %d in the first screen", inHead, inState, inRoot)
	}
	if !strings.Contains(root, `value="john citizen 0412999888"`) {
		t.Errorf("the search box does not show the text")
	}
	// A second render of the same page by another address, and the API
	// calls a browser makes, leave no trace either.
	a.get(t, host, "/api/suggest?q=john%20citizen%200412999888")
	a.get(t, host, "/api/search?path=/search/new-used-and-demo-cars/&query=john%20citizen%200412999888")
	if got := log.String(); strings.Contains(got, words) || strings.Contains(got, "citizen") {
		t.Errorf("the buyer's words reached the log:\n%s", got)
	}
	if !strings.Contains(log.String(), "/search/new-used-and-demo-cars/") {
		t.Errorf("the request log does not name the page:\n%.2000s", log.String())
	}
}
