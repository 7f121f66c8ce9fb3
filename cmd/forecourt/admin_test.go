package main

import (
	"io/fs"
	"net"
	"os/exec"
	"strings"
	"testing"

	"forecourt/web"
)

// serve --admin-addr opens the operators' address beside the public one:
// /readyz, /livez and /metrics answer there and only there. On PostgreSQL
// the metrics show the connection pool too. The PostgreSQL node draws no
// pages (--ssr=false), so its metrics show no render workers.
func TestServeAdminAddress(t *testing.T) {
	t.Parallel()
	for _, db := range []string{"sqlite", "postgresql"} {
		t.Run(db, func(t *testing.T) {
			t.Parallel()
			env := map[string]string{}
			if db == "postgresql" {
				env["DATABASE_URL"] = seededPostgres(t)
			}
			checkAdminAddress(t, env, db == "postgresql")
		})
	}
}

func checkAdminAddress(t *testing.T, env map[string]string, pool bool) {
	args := []string{"--data", seededData(t, env)}
	drawsPages := !pool
	if !drawsPages {
		args = append(args, "--ssr=false")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	admin := ln.Addr().String()
	ln.Close()
	port := startServe(t, env, append(args, "--admin-addr", admin)...)

	// A public request first, so the metrics have one to count.
	if code, _ := getPage(t, "127.0.0.1:"+port, "harbourside-toyota.localhost", "/api/site"); code != 200 {
		t.Fatalf("/api/site: %d", code)
	}
	for _, p := range []string{"/readyz", "/livez"} {
		if code, _ := getPage(t, admin, "", p); code != 200 {
			t.Errorf("admin %s: %d, want 200", p, code)
		}
	}
	code, body := getPage(t, admin, "", "/metrics")
	if code != 200 || !strings.Contains(body, "forecourt_build_info{") ||
		!strings.Contains(body, `forecourt_http_requests_total{code="200",route="GET /api/site",site="harbourside-toyota"}`) {
		t.Errorf("admin /metrics: %d\n%.2000s", code, body)
	}
	// With node and the web app's server build, the render workers are
	// shown; a node that draws no pages has none to show.
	_, noNode := exec.LookPath("node")
	if _, noBundle := fs.Stat(web.SSR, "ssr/render.mjs"); noNode == nil && noBundle == nil {
		for _, want := range []string{"forecourt_render_workers ", `forecourt_render_worker_restarts_total{reason="exit"} 0`} {
			if strings.Contains(body, want) != drawsPages {
				t.Errorf("admin /metrics shows %s: %v, want %v", want, !drawsPages, drawsPages)
			}
		}
	}
	if got := strings.Contains(body, "forecourt_db_pool_max_connections "); got != pool {
		t.Errorf("connection pool metrics shown: %v, want %v", got, pool)
	}
	for _, p := range []string{"/metrics", "/readyz", "/livez", "/debug/pprof/"} {
		if code, _ := getPage(t, "127.0.0.1:"+port, "harbourside-toyota.localhost", p); code != 404 {
			t.Errorf("public %s: %d, want 404", p, code)
		}
	}
}
