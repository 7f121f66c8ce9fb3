package ssr

import (
	"context"
	"net/http"
)

// warming marks Warm's requests in their context.
type warming struct{}

// Warming reports whether a request is one of Warm's. Its render is waited
// for to the end, never answered undrawn while the render goes on, so one
// warm-up draws one page at a time and cannot fill the workers' queue
// ahead of buyers (docs/behaviour/http.md#warm-pages).
func Warming(ctx context.Context) bool {
	v, _ := ctx.Value(warming{}).(bool)
	return v
}

// Warm asks h for each of paths on host, as a first visitor would, so the
// pages are drawn and kept before anyone comes; the answers are dropped.
// The log and the metrics tell these requests from buyers' by their id,
// warm-pages.
func Warm(ctx context.Context, h http.Handler, host string, paths ...string) {
	for _, path := range paths {
		if path == "" || ctx.Err() != nil {
			continue
		}
		req, err := http.NewRequestWithContext(context.WithValue(ctx, warming{}, true), http.MethodGet, path, nil)
		if err != nil {
			continue
		}
		req.Host = host
		req.RemoteAddr = "127.0.0.1:0"
		req.Header.Set("X-Request-Id", "warm-pages")
		h.ServeHTTP(&dropped{header: http.Header{}}, req)
	}
}

// dropped is an answer nobody reads.
type dropped struct{ header http.Header }

func (d *dropped) Header() http.Header         { return d.header }
func (d *dropped) WriteHeader(int)             {}
func (d *dropped) Write(b []byte) (int, error) { return len(b), nil }
