package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"time"

	"forecourt/internal/ssr"
)

// runRender is `forecourt render`: a render tier on a machine of its own.
// It starts and supervises the render workers and answers POST /render for
// serve --render-url, with GET /healthz, until SIGINT or SIGTERM.
func runRender(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fset := newFlags("render", stderr)
	addr := fset.String("addr", "127.0.0.1:9101", "address to listen on, HOST:PORT")
	workers := fset.Int("render-workers", runtime.NumCPU(), "Node render workers to start and supervise")
	if err := fset.Parse(args); err != nil {
		return err
	}
	logger := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	pool, err := startRenderPool(*workers, logger)
	switch {
	case errors.Is(err, ssr.ErrNoNode):
		return errors.New("node not found: the render tier needs Node 20 or later on PATH")
	case errors.Is(err, ssr.ErrNoBundle):
		return errors.New("this binary has no server build of the web app: build it with make build")
	case err != nil:
		return err
	}
	defer pool.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	httpServer := &http.Server{
		Handler:           ssr.Handler(pool, logger),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	logger.Info("ready", "addr", ln.Addr().String(), "workers", pool.Live())
	fmt.Fprintf(stdout, "Forecourt is drawing pages at http://%s with %d workers\n", ln.Addr(), pool.Live())
	errc := make(chan error, 1)
	go func() { errc <- httpServer.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return httpServer.Shutdown(shutdownCtx)
}
