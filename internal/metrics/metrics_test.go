package metrics

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// Each count lands under its own name and labels; a request no route
// answered counts under "none".
func TestCounts(t *testing.T) {
	m := New()
	m.ObserveRequest("", "a", 404, time.Millisecond)
	m.ObserveRequest("GET /api/site", "a", 200, time.Millisecond)
	m.Searched("a", time.Millisecond, true)
	m.Searched("a", time.Millisecond, false)
	m.Searched("a", time.Millisecond, false)
	m.LeadAccepted("b")
	m.RenderFallback("a", "home", FallbackTimeout)
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	for _, want := range []string{
		`forecourt_http_requests_total{code="200",route="GET /api/site",site="a"} 1`,
		`forecourt_http_requests_total{code="404",route="none",site="a"} 1`,
		`forecourt_search_cache_misses_total{site="a"} 2`,
		`forecourt_search_cache_hits_total{site="a"} 1`,
		`forecourt_leads_accepted_total{site="b"} 1`,
		`forecourt_render_fallbacks_total{page="home",reason="timeout",site="a"} 1`,
		`forecourt_build_info{`,
		`forecourt_go_goroutines `,
	} {
		if !strings.Contains(rec.Body.String(), want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}
