package ssr_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"forecourt/internal/ssr"
)

// logBuffer collects a test pool's log.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// testPool starts n workers of testdata/worker.mjs; it skips when there is
// no node to run them.
func testPool(t *testing.T, n int, timeout time.Duration) (*ssr.Pool, *logBuffer) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not on PATH: the render workers cannot run")
	}
	script, err := os.ReadFile("testdata/worker.mjs")
	if err != nil {
		t.Fatal(err)
	}
	log := &logBuffer{}
	p, err := ssr.NewPool(ssr.PoolOptions{Bundle: script, Workers: n, Timeout: timeout,
		Logger: slog.New(slog.NewTextHandler(log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p, log
}

func render(p ssr.Renderer, url string) (ssr.Page, error) {
	return p.Render(context.Background(), ssr.Request{URL: url, Origin: "http://a.localhost", Site: json.RawMessage(`{"slug":"a"}`), Host: "a.localhost"})
}

var byPID = regexp.MustCompile(`by (\d+)$`)

// pidOf is the worker that drew p.
func pidOf(t *testing.T, p ssr.Page) int {
	t.Helper()
	m := byPID.FindStringSubmatch(p.HTML)
	if m == nil {
		t.Fatalf("no worker named in %q", p.HTML)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// eventually waits up to d for ok.
func eventually(t *testing.T, d time.Duration, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("not within %v: %s", d, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func alive(pid int) bool { return syscall.Kill(pid, 0) == nil }

func TestRendersAreSharedAcrossTheWorkers(t *testing.T) {
	t.Parallel()
	p, _ := testPool(t, 3, 0)
	if n := p.Live(); n != 3 {
		t.Fatalf("%d workers live, want 3", n)
	}
	var mu sync.Mutex
	seen := map[int]bool{}
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Go(func() {
			page, err := render(p, fmt.Sprintf("/slow?ms=100&i=%d", i))
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			seen[pidOf(t, page)] = true
			mu.Unlock()
		})
	}
	wg.Wait()
	if len(seen) != 3 {
		t.Errorf("12 renders at once went to %d workers, want all 3", len(seen))
	}
	page, err := render(p, "/cars/x?y=1")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(page.HTML, "drawn /cars/x?y=1 by ") || page.Status != 200 ||
		!strings.Contains(page.State, `"site":{"slug":"a"}`) || !strings.Contains(page.State, `"host":"a.localhost"`) {
		t.Errorf("got %+v", page)
	}
}

func TestAWorkerThatCrashesIsReplaced(t *testing.T) {
	t.Parallel()
	p, log := testPool(t, 2, 0)
	before := p.PIDs()
	if _, err := render(p, "/crash"); err == nil || errors.Is(err, ssr.ErrRedirect) {
		t.Fatalf("a render that crashes its worker: %v", err)
	}
	// Lost with its worker, it was sent once more, and crashed that one too.
	eventually(t, 3*time.Second, "both crashed workers replaced", func() bool {
		return p.Restarts(ssr.RestartExit) == 2 && p.Live() == 2
	})
	for _, pid := range before {
		if alive(pid) {
			t.Errorf("the crashed worker %d still runs", pid)
		}
	}
	if _, err := render(p, "/"); err != nil {
		t.Errorf("after the crash: %v", err)
	}
	if !strings.Contains(log.String(), "render worker restarted") || !strings.Contains(log.String(), "reason=exit") {
		t.Errorf("no restart in the log:\n%s", log)
	}
}

func TestAWorkerThatHangsIsKilledAndReplaced(t *testing.T) {
	t.Parallel()
	p, log := testPool(t, 1, 300*time.Millisecond)
	pid := p.PIDs()[0]
	start := time.Now()
	_, err := render(p, "/hang")
	if !errors.Is(err, ssr.ErrTimeout) {
		t.Fatalf("a render that hangs: %v, want a timeout", err)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("the hanging render failed after %v", took)
	}
	eventually(t, 3*time.Second, "the hung worker replaced", func() bool {
		return p.Restarts(ssr.RestartTimeout) == 1 && p.Live() == 1
	})
	if alive(pid) {
		t.Error("the hung worker still runs")
	}
	if _, err := render(p, "/"); err != nil {
		t.Errorf("after the hang: %v", err)
	}
	if p.Restarts(ssr.RestartExit) != 0 || !strings.Contains(log.String(), "reason=timeout") {
		t.Errorf("restarts: exit %d; log:\n%s", p.Restarts(ssr.RestartExit), log)
	}
}

// A worker killed while it draws several pages fails none of them: each is
// drawn again by another worker, and a new worker answers within 2 s.
func TestAKilledWorkerFailsNoRender(t *testing.T) {
	t.Parallel()
	p, log := testPool(t, 2, 0)
	victim := p.PIDs()[0]
	const renders = 8 // 4 on each worker
	errs := make(chan error, renders)
	for i := range renders {
		go func() {
			_, err := render(p, fmt.Sprintf("/slow?ms=400&i=%d", i))
			errs <- err
		}()
	}
	eventually(t, 5*time.Second, "the renders under way", func() bool {
		return strings.Count(log.String(), "start /slow") >= renders
	})
	if err := syscall.Kill(victim, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	killed := time.Now()
	for range renders {
		if err := <-errs; err != nil {
			t.Errorf("a render failed with its worker: %v", err)
		}
	}
	eventually(t, 2*time.Second-time.Since(killed), "a new worker live", func() bool {
		pids := p.PIDs()
		return len(pids) == 2 && pids[0] != victim && pids[1] != victim
	})
	if got := p.Restarts(ssr.RestartExit); got != 1 {
		t.Errorf("%d restarts counted, want 1", got)
	}
}

func TestANewWorkerAnswersSoonAfterTheOldDies(t *testing.T) {
	t.Parallel()
	p, _ := testPool(t, 1, 0)
	victim := p.PIDs()[0]
	if err := syscall.Kill(victim, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	page, err := render(p, "/")
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("the first render after the kill took %v", took)
	}
	if pidOf(t, page) == victim {
		t.Error("drawn by the killed worker")
	}
}

func TestWorkerAnswers(t *testing.T) {
	t.Parallel()
	p, _ := testPool(t, 1, 0)
	if _, err := render(p, "/redirect"); !errors.Is(err, ssr.ErrRedirect) {
		t.Errorf("a redirect: %v", err)
	}
	_, err := render(p, "/fail")
	if err == nil || !strings.Contains(err.Error(), "failed on purpose") {
		t.Errorf("a failed render: %v", err)
	}
	if n := p.Restarts(ssr.RestartExit) + p.Restarts(ssr.RestartTimeout); n != 0 {
		t.Errorf("a worker that answered was replaced (%d)", n)
	}
}

// The worker fetches the site's API from the socket the pool names, with
// the request's host.
func TestWorkersFetchTheAPIFromThePoolsSocket(t *testing.T) {
	t.Parallel()
	p, _ := testPool(t, 1, 0)
	ln, err := net.Listen("unix", p.APISocket())
	if err != nil {
		t.Fatal(err)
	}
	api := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s %s %s", r.Host, r.URL.Path, r.Header.Get("Accept"))
	}))
	api.Listener = ln
	api.Start()
	defer api.Close()
	page, err := render(p, "/api?path=/api/site")
	if err != nil {
		t.Fatal(err)
	}
	if page.HTML != "a.localhost /api/site application/json" {
		t.Errorf("the worker's API request: %q", page.HTML)
	}
}

func TestCloseLeavesNoWorker(t *testing.T) {
	t.Parallel()
	p, _ := testPool(t, 3, 0)
	pids := p.PIDs()
	dir := filepath.Dir(p.APISocket())
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	for _, pid := range pids {
		if alive(pid) {
			t.Errorf("worker %d outlived Close", pid)
		}
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the pool's directory is left: %v", err)
	}
	if _, err := render(p, "/"); err == nil {
		t.Error("a closed pool rendered")
	}
}

func TestNoNodeOrNoBundle(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	if _, err := ssr.NewPool(ssr.PoolOptions{Bundle: []byte("x")}); !errors.Is(err, ssr.ErrNoNode) {
		t.Errorf("without node: %v", err)
	}
	if _, err := ssr.NewPool(ssr.PoolOptions{Node: "/bin/true"}); !errors.Is(err, ssr.ErrNoBundle) {
		t.Errorf("without the bundle: %v", err)
	}
}

// A render tier (forecourt render) answers as a worker does, and a Remote
// draws through it.
func TestARemoteDrawsThroughTheRenderTier(t *testing.T) {
	t.Parallel()
	p, _ := testPool(t, 1, 0)
	tier := httptest.NewServer(ssr.Handler(p, nil))
	defer tier.Close()
	r := ssr.NewRemote(tier.URL, "")
	page, err := render(r, "/x")
	if err != nil || !strings.HasPrefix(page.HTML, "drawn /x by ") {
		t.Fatalf("%+v %v", page, err)
	}
	if !strings.Contains(page.State, `"origin":"http://a.localhost"`) {
		t.Errorf("state %s", page.State)
	}
	if _, err := render(r, "/redirect"); !errors.Is(err, ssr.ErrRedirect) {
		t.Errorf("a redirect through the tier: %v", err)
	}
	if _, err := render(r, "/fail"); err == nil || !strings.Contains(err.Error(), "500") {
		t.Errorf("a failure through the tier: %v", err)
	}
	res, err := http.Get(tier.URL + "/healthz")
	if err != nil || res.StatusCode != 200 {
		t.Errorf("healthz: %v %v", res, err)
	}
	res, err = http.Post(tier.URL+"/render", "application/json", strings.NewReader(`{"url":"/"}`))
	if err != nil || res.StatusCode != 400 {
		t.Errorf("a request without an api: %v %v", res, err)
	}
}

// A Remote sends a render lost with its connection once more.
func TestARemoteTriesALostRenderAgain(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	calls := 0
	tier := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		calls++
		first := calls == 1
		mu.Unlock()
		if first {
			// Drop the connection without an answer.
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close()
			return
		}
		fmt.Fprint(w, `{"html":"second","state":"{}","status":200}`)
	}))
	defer tier.Close()
	page, err := render(ssr.NewRemote(tier.URL, ""), "/")
	if err != nil || page.HTML != "second" || calls != 2 {
		t.Errorf("%+v %v after %d calls", page, err, calls)
	}
}

// A pool removes the directory a killed server's pool left behind.
func TestAPoolSweepsDirectoriesLeftByKilledServers(t *testing.T) {
	t.Parallel()
	stale, err := os.MkdirTemp("", "forecourt-render-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(stale)
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Skip("no true to run")
	}
	if err := os.WriteFile(filepath.Join(stale, "pid"), []byte(strconv.Itoa(gone.Process.Pid)), 0o600); err != nil {
		t.Fatal(err)
	}
	p, _ := testPool(t, 1, 0)
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the stale directory is left: %v", err)
	}
	if _, err := os.Stat(filepath.Dir(p.APISocket())); err != nil {
		t.Errorf("the pool's own directory: %v", err)
	}
}
