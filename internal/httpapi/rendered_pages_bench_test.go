package httpapi_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"
)

// BenchmarkRenderedPages measures a page drawn on the server, not from the
// page cache (each request has its own URL), per page type: the time to
// the whole HTML answer, its p50 and p99, and its size.
//
//	go test -run '^$' -bench RenderedPages -benchtime 40x ./internal/httpapi/
func BenchmarkRenderedPages(b *testing.B) {
	a, _ := builtApp(b)
	var results struct {
		Hits []shownCar `json:"hits"`
	}
	host := "summit-motor-group.localhost"
	res, err := http.Get(a.srv.URL + "/healthz")
	if err != nil || res.StatusCode != 200 {
		b.Fatal("server not ready")
	}
	apiJSON(b, a, host, "/api/search?path=/search/new-used-and-demo-cars/", &results)
	pages := map[string]func(i int) string{
		"home":    func(i int) string { return fmt.Sprintf("/?utm_source=b%d", i) },
		"results": func(i int) string { return fmt.Sprintf("/search/new-used-and-demo-cars/?utm_source=b%d", i) },
		"vehicle": func(i int) string {
			return "/cars/" + results.Hits[(i+10*len(results.Hits))%len(results.Hits)].Slug + fmt.Sprintf("?utm_source=b%d", i)
		},
	}
	for _, name := range []string{"home", "results", "vehicle"} {
		url := pages[name]
		b.Run(name, func(b *testing.B) {
			// Warm-ups spread over the workers: each loads the lazily loaded parts once.
			for i := range 4 {
				getPage(b, a, host, url(-1-i))
			}
			times := make([]time.Duration, 0, b.N)
			size := 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				size = getPage(b, a, host, url(i))
				times = append(times, time.Since(start))
			}
			b.StopTimer()
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(times[(len(times)*99)/100].Microseconds())/1000, "p99-ms")
			b.ReportMetric(float64(size), "html-bytes")
		})
	}
}

func getPage(b *testing.B, a *testApp, host, path string) int {
	req, _ := http.NewRequest("GET", a.srv.URL+path, nil)
	req.Host = host
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		b.Fatal(err)
	}
	defer res.Body.Close()
	n := 0
	buf := make([]byte, 32<<10)
	for {
		m, err := res.Body.Read(buf)
		n += m
		if err != nil {
			break
		}
	}
	if res.StatusCode != 200 {
		b.Fatalf("%s: %d", path, res.StatusCode)
	}
	return n
}
