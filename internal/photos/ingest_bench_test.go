package photos

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"forecourt/internal/phototest"
)

// BenchmarkIngest fetches, checks and stores b.N dealer photos of
// 3000×2000 from a local photo server, through the worker as serve runs
// it (4 at a time): photos/s, and the CPU seconds of the whole process
// per photo (fetching, decoding to check, cutting the metadata, storing).
func BenchmarkIngest(b *testing.B) {
	ctx := context.Background()
	base := phototest.Camera(3000, 2000, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/"), ".jpg"))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "image/jpeg")
		w.Write(phototest.Variant(base, n))
	}))
	defer srv.Close()
	st := openStore(b)
	const site = "bench"
	urls := make([]string, b.N)
	for i := range urls {
		urls[i] = fmt.Sprintf("%s/%d.jpg", srv.URL, i)
	}
	if _, err := st.AddPhotos(ctx, site, urls, time.Now()); err != nil {
		b.Fatal(err)
	}
	in := &Ingest{Store: st, Blobs: NewDirBlobs(b.TempDir()), Node: "bench", Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Fetcher: &Fetcher{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}}}
	before := cpuTime()
	b.ResetTimer()
	start := time.Now()
	got := in.Round(ctx, site, time.Now())
	took := time.Since(start)
	b.StopTimer()
	if got != b.N {
		b.Fatalf("ingested %d of %d photos", got, b.N)
	}
	b.ReportMetric(float64(b.N)/took.Seconds(), "photos/s")
	b.ReportMetric((cpuTime()-before).Seconds()/float64(b.N), "cpu-s/photo")
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
