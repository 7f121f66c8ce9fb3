package httpapi_test

import (
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"testing"
)

// BenchmarkSearchHandlerMixed answers listing queries that are nearly all
// different (price band, body, make, sort and page vary), so the answer
// cache rarely helps: the cost of an uncached /api/search, gzip included.
// Run: go test ./internal/httpapi -run '^$' -bench SearchHandlerMixed
func BenchmarkSearchHandlerMixed(b *testing.B) {
	app := newTestApp(b)
	rng := rand.New(rand.NewPCG(5, 6))
	makes := []string{"toyota", "mazda", "hyundai", "kia", "ford", "mitsubishi", "nissan", "volkswagen"}
	bodies := []string{"SUV", "Hatch", "Sedan", "Ute", "Wagon"}
	sorts := []string{"", "price_asc", "price_desc", "year_desc", "km_asc", "newest"}
	types := []string{"used-cars", "new-cars", "demo-cars", "new-used-and-demo-cars"}
	paths := make([]string, 4096)
	for i := range paths {
		q := "/api/search?path=/search/" + types[rng.IntN(len(types))]
		r := rng.IntN(10)
		if r < 4 {
			q += "/" + makes[rng.IntN(len(makes))]
		}
		if r >= 2 {
			q += "&refinementList%5Bbody%5D%5B0%5D=" + bodies[rng.IntN(len(bodies))]
		}
		lo := 5000 + rng.IntN(41)*500
		q += fmt.Sprintf("&range%%5Bprice%%5D=%d:%d&page=%d", lo, lo+5000+rng.IntN(121)*500, 1+rng.IntN(3))
		if s := sorts[rng.IntN(len(sorts))]; s != "" {
			q += "&sortBy=" + s
		}
		paths[i] = q
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		req := httptest.NewRequest("GET", paths[i%len(paths)], nil)
		req.Host = "summit-motor-group.localhost"
		req.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		app.handler.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatalf("%s: %d %s", paths[i%len(paths)], rec.Code, rec.Body.String())
		}
	}
}

// BenchmarkSearchHandlerKept answers 205 different listing queries, each
// asked once before the timer starts: the cost of a kept /api/search
// answer, served gzipped, through every middleware.
// Run: go test ./internal/httpapi -run '^$' -bench SearchHandlerKept
func BenchmarkSearchHandlerKept(b *testing.B) {
	app := newTestApp(b)
	makes := []string{"toyota", "mazda", "hyundai", "kia", "ford"}
	bodies := []string{"", "SUV", "Hatch", "Sedan", "Ute", "Wagon", "Van"}
	var paths []string
	for _, mk := range makes {
		for _, body := range bodies {
			for page := 1; page <= 3; page++ {
				for _, sort := range []string{"", "price_asc"} {
					q := "/api/search?path=/search/used-cars/" + mk + fmt.Sprintf("&page=%d", page)
					if body != "" {
						q += "&refinementList%5Bbody%5D%5B0%5D=" + body
					}
					if sort != "" {
						q += "&sortBy=" + sort
					}
					paths = append(paths, q)
				}
			}
		}
	}
	paths = paths[:205]
	ask := func(p string) {
		req := httptest.NewRequest("GET", p, nil)
		req.Host = "summit-motor-group.localhost"
		req.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		app.handler.ServeHTTP(rec, req)
		if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" {
			b.Fatalf("%s: %d %q", p, rec.Code, rec.Header().Get("Content-Encoding"))
		}
	}
	for _, p := range paths {
		ask(p)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		ask(paths[i%len(paths)])
	}
}
