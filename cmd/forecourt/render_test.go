package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"io/fs"
	"net/http"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/web"
)

// lockedBuffer is a log written by one goroutine and read by the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func needBuiltApp(t testing.TB) {
	t.Helper()
	if _, err := fs.Stat(web.Dist, "dist/index.html"); err != nil {
		t.Skip("the web app is not built (run make build): serve has no pages to answer")
	}
}

// getPage fetches path from addr (HOST:PORT) with the Host header host
// ("" keeps addr's) and returns its status and body.
func getPage(t *testing.T, addr, host, path string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", "http://"+addr+path, nil)
	if host != "" {
		req.Host = host
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// Without node, serve still serves: it says once that pages are drawn in
// the browser, and answers them undrawn.
func TestServeWithoutNodeLeavesPagesToTheBrowser(t *testing.T) {
	// Not beside other tests: it takes node off the process's PATH.
	needBuiltApp(t)
	t.Setenv("PATH", t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	log := &lockedBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--data", t.TempDir()}, func(string) string { return "" }, pw, log)
		pw.Close()
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	port := ""
	sc := bufio.NewScanner(pr)
	for sc.Scan() {
		if m := regexp.MustCompile(`\.localhost:(\d+)`).FindStringSubmatch(sc.Text()); m != nil {
			port = m[1]
			break
		}
	}
	go io.Copy(io.Discard, pr)
	if port == "" {
		t.Fatalf("serve printed no site URL; log:\n%s", log)
	}
	code, body := getPage(t, "127.0.0.1:"+port, "harbourside-toyota.localhost", "/")
	if code != 200 || !strings.Contains(body, `<div id="root"></div>`) {
		t.Errorf("home without node: %d %.300s", code, body)
	}
	if n := strings.Count(log.String(), "node not found: pages will be drawn in the browser"); n != 1 {
		t.Errorf("the log says node is missing %d times, want once:\n%s", n, log)
	}
}

func TestRenderTierNeedsNode(t *testing.T) {
	// Not beside other tests: it takes node off the process's PATH.
	t.Setenv("PATH", t.TempDir())
	err := run(context.Background(), []string{"render", "--addr", "127.0.0.1:0"}, func(string) string { return "" }, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "node not found") {
		t.Errorf("render without node: %v", err)
	}
}

// serve --render-url draws its pages on a render tier (forecourt render).
func TestServeDrawsPagesOnARenderTier(t *testing.T) {
	t.Parallel()
	needBuiltApp(t)
	if _, err := fs.Stat(web.SSR, "ssr/render.mjs"); err != nil {
		t.Skip("the web app is not built (run make build): no server build to draw with")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not on PATH")
	}
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"render", "--addr", "127.0.0.1:0", "--render-workers", "1"}, func(string) string { return "" }, pw, io.Discard)
		pw.Close()
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("render: %v", err)
		}
	}()
	sc := bufio.NewScanner(pr)
	tier := ""
	for sc.Scan() {
		if m := regexp.MustCompile(`(http://\S+)`).FindStringSubmatch(sc.Text()); m != nil {
			tier = m[1]
			break
		}
	}
	go io.Copy(io.Discard, pr)
	if tier == "" {
		t.Fatalf("render printed no address: %v", <-done)
	}
	res, err := http.Get(tier + "/healthz")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("render tier healthz: %v %v", res, err)
	}
	res.Body.Close()
	port := startServe(t, nil, "--data", t.TempDir(), "--render-url", tier, "--render-workers", "0")
	deadline := time.Now().Add(30 * time.Second)
	for {
		code, body := getPage(t, "127.0.0.1:"+port, "harbourside-toyota.localhost", "/")
		if code == 200 && strings.Contains(body, `<script id="query-state"`) && !strings.Contains(body, `<div id="root"></div>`) {
			break
		}
		// The first visitor may get the page before the tier drew it.
		if time.Now().After(deadline) {
			t.Fatalf("home was not drawn by the render tier: %d %.300s", code, body)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
