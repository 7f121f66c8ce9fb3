package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"forecourt/internal/httpapi"
	"forecourt/internal/tenant"
)

// BenchmarkCreateLead measures POST /api/leads through the whole handler
// stack into a real SQLite file, with parallel clients.
func BenchmarkCreateLead(b *testing.B) {
	reg, st := ownSites(b), demoFile(b, time.Now())
	// The site's own limits would hold the benchmark at its per-site rate.
	site, _ := reg.BySlug("harbourside-toyota")
	site.Leads.RateLimit = tenant.LeadRateLimit{PerIPPerMinute: 1e9, PerIPBurst: 1e6, PerSitePerMinute: 1e9, PerSiteBurst: 1e6}
	s := &httpapi.Server{Sites: reg, Store: st, Web: webApp}
	h, err := wire(s).Handler()
	if err != nil {
		b.Fatal(err)
	}
	var seq atomic.Int64
	b.SetParallelism(16)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := seq.Add(1)
			body, _ := json.Marshal(map[string]any{"category": "finance", "name": "Bench", "email": fmt.Sprintf("b%d@example.com", i),
				"phone": "0412 345 678", "message": "Repayments?"})
			req, _ := http.NewRequest("POST", "/api/leads", bytes.NewReader(body))
			req.Host = "harbourside-toyota.localhost"
			req.RemoteAddr = fmt.Sprintf("10.0.%d.%d:1234", (i/250)%250, i%250) // many visitors
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Idempotency-Key", fmt.Sprintf("bench-%d", i))
			w := &discardWriter{h: http.Header{}}
			h.ServeHTTP(w, req)
			if w.code != http.StatusCreated {
				b.Fatalf("status %d", w.code)
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "leads/s")
}

type discardWriter struct {
	h    http.Header
	code int
}

func (w *discardWriter) Header() http.Header { return w.h }
func (w *discardWriter) Write(p []byte) (int, error) {
	if w.code == 0 {
		w.code = 200
	}
	return io.Discard.Write(p)
}
func (w *discardWriter) WriteHeader(c int) { w.code = c }
