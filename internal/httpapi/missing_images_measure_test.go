package httpapi_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"forecourt/internal/httpapi"
	"forecourt/internal/media"
)

// TestMeasureMissingCarImages reports what 200 requests for car ids that do
// not exist cost: CPU, heap and disk cache growth, with the image service
// wired as serve wires it. A measurement, not a check: run it with
// FORECOURT_MEASURE=1 go test -run TestMeasureMissingCarImages -v ./internal/httpapi
func TestMeasureMissingCarImages(t *testing.T) {
	t.Parallel()
	if os.Getenv("FORECOURT_MEASURE") == "" {
		t.Skip("set FORECOURT_MEASURE=1 to measure")
	}
	ref := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	reg, st := demoStore(t, ref)
	dir := t.TempDir()
	h, srv := serve(t, &httpapi.Server{Sites: reg, Store: st, Web: webApp, Media: media.New(dir, 128<<20), Pages: corePages(t)})
	_ = h
	get := func(path string) int {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		req.Host = "harbourside-toyota.localhost"
		req.Header.Set("Accept", "image/avif,image/webp,*/*")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	// The site's index (and its picture set) is built before measuring.
	get("/api/search?path=/search")
	get("/img/car/899999999/suv/1f4fa0/0.jpg")
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapInuse
	}
	cpu := func() time.Duration {
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	diskBytes := func() (n int64) {
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				if i, err := d.Info(); err == nil {
					n += i.Size()
				}
			}
			return nil
		})
		return n
	}
	h0, c0, d0 := heap(), cpu(), diskBytes()
	codes := map[int]int{}
	for i := range 200 {
		codes[get(fmt.Sprintf("/img/car/%d/suv/1f4fa0/%d.jpg?w=1200", 900000000+i, i%36*10))]++
	}
	h1, c1, d1 := heap(), cpu(), diskBytes()
	t.Logf("200 requests for missing car ids: statuses %v; CPU %v (%v a request); heap in use %+.1f MB (%.1f → %.1f MB); disk cache %+.1f MB",
		codes, c1-c0, (c1-c0)/200, float64(int64(h1)-int64(h0))/1e6, float64(h0)/1e6, float64(h1)/1e6, float64(d1-d0)/1e6)
}
