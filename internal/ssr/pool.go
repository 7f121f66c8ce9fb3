package ssr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Why a worker was replaced (Pool.Restarts).
const (
	RestartExit    = "exit"    // it exited or was killed from outside
	RestartTimeout = "timeout" // a render on it took too long, so it was killed
)

const (
	// DefaultStartTimeout bounds a worker's start, up to its ready line.
	DefaultStartTimeout = 10 * time.Second
	// perWorker is how many renders one worker is given at once: enough
	// to overlap its API fetches, few enough that one slow page holds up
	// little.
	perWorker = 4
	// stopWait is how long Close waits for workers to exit on SIGTERM
	// before killing them.
	stopWait = 2 * time.Second
	// lostWait is how long a lost render waits to learn whether its
	// worker died before it is sent again.
	lostWait = 250 * time.Millisecond
)

// PoolOptions configure a Pool.
type PoolOptions struct {
	Bundle       []byte        // the web app's server build (render.mjs)
	Workers      int           // 0 is runtime.NumCPU()
	Timeout      time.Duration // per render; 0 is DefaultTimeout
	StartTimeout time.Duration // per worker start; 0 is DefaultStartTimeout
	Node         string        // the node program; "" looks it up on PATH
	Logger       *slog.Logger
}

// dirPrefix names the pools' directories in the temporary directory.
const dirPrefix = "forecourt-render-"

// sweepStaleDirs removes the directories of pools whose process is gone (a
// server killed before it could close its pool).
func sweepStaleDirs() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), dirPrefix+"*"))
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join(d, "pid"))
		if err != nil {
			continue
		}
		pid, err := strconv.Atoi(string(b))
		if err != nil || pid <= 0 || pid == os.Getpid() {
			continue
		}
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			_ = os.RemoveAll(d)
		}
	}
}

// Pool runs render workers: Node processes serving POST /render on Unix
// sockets in a private directory. It sends each render to the least busy
// live worker, replaces a worker that exits or hangs, and sends a render
// lost with its worker once more to another, so a dying worker fails no
// page.
type Pool struct {
	node    string
	dir     string
	script  string
	timeout time.Duration
	start   time.Duration
	log     *slog.Logger

	ctx  context.Context // ends at Close
	stop context.CancelFunc
	done sync.WaitGroup // the supervisors

	mu      sync.Mutex
	workers []*worker     // by number-1; nil while one starts
	changed chan struct{} // closed and replaced when a worker frees or joins
	next    int           // where the search for the least busy starts

	restarts map[string]*atomic.Uint64
}

type worker struct {
	n      int
	cmd    *exec.Cmd
	client *http.Client
	exited chan struct{} // closed once the process is gone
	err    error         // its exit, once exited is closed

	busy   int    // renders in flight; Pool.mu
	killed string // why the pool killed it, or ""; Pool.mu
	ready  time.Time
}

// NewPool starts the workers and returns once every one is ready. It
// returns ErrNoNode or ErrNoBundle when it cannot run any.
func NewPool(opt PoolOptions) (*Pool, error) {
	node := opt.Node
	if node == "" {
		var err error
		if node, err = exec.LookPath("node"); err != nil {
			return nil, ErrNoNode
		}
	}
	if len(opt.Bundle) == 0 {
		return nil, ErrNoBundle
	}
	n := opt.Workers
	if n <= 0 {
		n = runtime.NumCPU()
	}
	sweepStaleDirs()
	dir, err := os.MkdirTemp("", dirPrefix)
	if err != nil {
		return nil, err
	}
	// Whose it is, so a later pool can remove it if this process is killed
	// before Close.
	if err := os.WriteFile(filepath.Join(dir, "pid"), []byte(strconv.Itoa(os.Getpid())), 0o600); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	p := &Pool{
		node: node, dir: dir, script: filepath.Join(dir, "render.mjs"),
		timeout: opt.Timeout, start: opt.StartTimeout, log: opt.Logger,
		workers: make([]*worker, n), changed: make(chan struct{}),
		restarts: map[string]*atomic.Uint64{RestartExit: {}, RestartTimeout: {}},
	}
	if p.timeout <= 0 {
		p.timeout = DefaultTimeout
	}
	if p.start <= 0 {
		p.start = DefaultStartTimeout
	}
	if p.log == nil {
		p.log = slog.New(slog.DiscardHandler)
	}
	p.ctx, p.stop = context.WithCancel(context.Background())
	if err := os.WriteFile(p.script, opt.Bundle, 0o600); err != nil {
		p.Close()
		return nil, err
	}
	// Started side by side: Node takes a few hundred milliseconds each.
	errs := make([]error, n)
	var wg sync.WaitGroup
	for k := range n {
		wg.Go(func() {
			w, err := p.startWorker(k + 1)
			if err != nil {
				errs[k] = err
				return
			}
			p.join(w)
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		p.Close()
		return nil, err
	}
	for _, w := range p.workers {
		p.done.Go(func() { p.supervise(w) })
	}
	return p, nil
}

// APISocket is the Unix socket path the workers fetch the site's API from
// when a request names none; the caller serves it (httpapi's RenderAPI).
func (p *Pool) APISocket() string { return filepath.Join(p.dir, "api.sock") }

// Live is how many workers are ready now.
func (p *Pool) Live() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, w := range p.workers {
		if w != nil {
			n++
		}
	}
	return n
}

// PIDs are the live workers' process ids.
func (p *Pool) PIDs() []int {
	p.mu.Lock()
	defer p.mu.Unlock()
	var ids []int
	for _, w := range p.workers {
		if w != nil {
			ids = append(ids, w.cmd.Process.Pid)
		}
	}
	return ids
}

// Restarts is how many workers were replaced for reason (RestartExit,
// RestartTimeout).
func (p *Pool) Restarts(reason string) uint64 {
	if c, ok := p.restarts[reason]; ok {
		return c.Load()
	}
	return 0
}

// Render draws req on a worker. A render lost with its worker is sent once
// more, to another when there is one; one that takes longer than the
// timeout kills its worker (it is replaced) and fails.
func (p *Pool) Render(ctx context.Context, req Request) (Page, error) {
	if req.API == "" {
		req.API = "unix:" + p.APISocket()
	}
	body, err := json.Marshal(req)
	if err != nil {
		return Page{}, err
	}
	var last *worker
	for try := 0; ; try++ {
		w, err := p.acquire(ctx, last)
		if err != nil {
			return Page{}, err
		}
		page, err := p.renderOn(ctx, w, body)
		p.release(w)
		if err == nil || try > 0 || !isLost(err) || ctx.Err() != nil {
			return page, err
		}
		p.log.Info("page render lost with its worker; trying again", "worker", w.n, "err", err)
		// A worker that died is often not yet reaped when its connection
		// breaks; a moment's wait keeps the second try off it.
		t := time.NewTimer(lostWait)
		select {
		case <-w.exited:
		case <-t.C:
		}
		t.Stop()
		last = w
	}
}

func (p *Pool) renderOn(ctx context.Context, w *worker, body []byte) (Page, error) {
	rctx, cancel := context.WithTimeoutCause(ctx, p.timeout, ErrTimeout)
	defer cancel()
	page, err := post(rctx, w.client, "http://worker/render", body)
	if err != nil && errors.Is(context.Cause(rctx), ErrTimeout) && ctx.Err() == nil {
		// The worker may be stuck for good (a loop, a fetch that never
		// ends): it is replaced, and its other renders go elsewhere.
		p.kill(w, RestartTimeout)
		return Page{}, fmt.Errorf("%w (worker %d, %v)", ErrTimeout, w.n, p.timeout)
	}
	return page, err
}

// acquire takes a turn on the least busy live worker, avoiding not (the
// worker a lost render was on) while another is free, and waits while all
// are busy or starting, at most the render timeout.
func (p *Pool) acquire(ctx context.Context, not *worker) (*worker, error) {
	wait := time.NewTimer(p.timeout)
	defer wait.Stop()
	for {
		p.mu.Lock()
		if p.ctx.Err() != nil {
			p.mu.Unlock()
			return nil, errors.New("ssr: the render pool is closed")
		}
		var best *worker
		n := len(p.workers)
		for i := range n {
			w := p.workers[(p.next+i)%n]
			if w == nil || w.busy >= perWorker || w.killed != "" || w.gone() {
				continue
			}
			if best == nil || (best == not && w != not) || (w != not && w.busy < best.busy) {
				best = w
			}
		}
		if best != nil {
			best.busy++
			p.next = (p.next + 1) % n
			p.mu.Unlock()
			return best, nil
		}
		changed := p.changed
		p.mu.Unlock()
		select {
		case <-changed:
		case <-wait.C:
			return nil, errors.New("ssr: no render worker was free in time")
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-p.ctx.Done():
		}
	}
}

func (p *Pool) release(w *worker) {
	p.mu.Lock()
	w.busy--
	p.notify()
	p.mu.Unlock()
}

// notify wakes those waiting for a worker; p.mu is held.
func (p *Pool) notify() {
	close(p.changed)
	p.changed = make(chan struct{})
}

// kill stops w at once for reason; its supervisor replaces it.
func (p *Pool) kill(w *worker, reason string) {
	p.mu.Lock()
	if w.killed == "" {
		w.killed = reason
	}
	p.mu.Unlock()
	_ = w.cmd.Process.Kill()
}

// gone reports whether w's process has exited.
func (w *worker) gone() bool {
	select {
	case <-w.exited:
		return true
	default:
		return false
	}
}

func (p *Pool) join(w *worker) {
	p.mu.Lock()
	p.workers[w.n-1] = w
	p.notify()
	p.mu.Unlock()
}

// leave takes w out of the pool and returns why it went.
func (p *Pool) leave(w *worker) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.workers[w.n-1] == w {
		p.workers[w.n-1] = nil
	}
	p.notify()
	if w.killed != "" {
		return w.killed
	}
	return RestartExit
}

// supervise replaces w, and each worker after it in its place, whenever
// it goes, until the pool closes.
func (p *Pool) supervise(w *worker) {
	failures := 0
	for {
		select {
		case <-w.exited:
		case <-p.ctx.Done():
			<-w.exited // exec stops it: SIGTERM, then SIGKILL after stopWait
			p.leave(w)
			return
		}
		reason := p.leave(w)
		w.client.CloseIdleConnections()
		if p.ctx.Err() != nil {
			return
		}
		// A worker that dies as soon as it starts is started again more
		// and more slowly, so a broken build does not spin.
		if time.Since(w.ready) < time.Second {
			failures++
		} else {
			failures = 0
		}
		for {
			if !p.pause(failures) {
				return
			}
			nw, err := p.startWorker(w.n)
			if err == nil {
				p.restarts[reason].Add(1)
				p.log.Warn("render worker restarted", "worker", w.n, "reason", reason, "exit", fmt.Sprint(w.err), "pid", nw.cmd.Process.Pid)
				p.join(nw)
				w = nw
				break
			}
			if p.ctx.Err() != nil {
				return
			}
			failures++
			p.log.Error("render worker did not start", "worker", w.n, "err", err)
		}
	}
}

// pause waits before the next start after failures quick deaths in a row;
// false when the pool closed meanwhile.
func (p *Pool) pause(failures int) bool {
	if failures < 2 {
		return p.ctx.Err() == nil
	}
	d := min(100*time.Millisecond<<min(failures-2, 6), 5*time.Second)
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-p.ctx.Done():
		return false
	}
}

// startWorker starts worker n and waits for its ready line.
func (p *Pool) startWorker(n int) (*worker, error) {
	sock := filepath.Join(p.dir, fmt.Sprintf("w%d.sock", n))
	_ = os.Remove(sock) // left by the worker it replaces
	cmd := exec.CommandContext(p.ctx, p.node, p.script, "--listen", "unix:"+sock)
	cmd.Dir = p.dir
	cmd.Env = append(os.Environ(), "NODE_ENV=production")
	cmd.SysProcAttr = sysProcAttr()
	// Closing the pool asks the worker to stop; it is killed if it has
	// not within stopWait.
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = stopWait
	ready := make(chan struct{})
	var once sync.Once
	cmd.Stdout = &lineWriter{line: func(s string) {
		if strings.HasPrefix(s, "ready ") {
			once.Do(func() { close(ready) })
			return
		}
		p.log.Warn("render worker", "worker", n, "stdout", s)
	}}
	cmd.Stderr = &lineWriter{line: func(s string) { p.log.Warn("render worker", "worker", n, "stderr", WithoutQueries(s)) }}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("ssr: start worker %d: %w", n, err)
	}
	w := &worker{n: n, cmd: cmd, exited: make(chan struct{})}
	go func() {
		w.err = cmd.Wait()
		close(w.exited)
	}()
	t := time.NewTimer(p.start)
	defer t.Stop()
	select {
	case <-ready:
	case <-w.exited:
		return nil, fmt.Errorf("ssr: worker %d exited before it was ready: %v", n, w.err)
	case <-t.C:
		_ = cmd.Process.Kill()
		<-w.exited
		return nil, fmt.Errorf("ssr: worker %d was not ready within %v", n, p.start)
	case <-p.ctx.Done():
		<-w.exited
		return nil, errors.New("ssr: the render pool is closed")
	}
	w.ready = time.Now()
	var d net.Dialer
	w.client = &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			return d.DialContext(ctx, "unix", sock)
		},
		MaxIdleConnsPerHost: perWorker,
		DisableCompression:  true,
	}}
	return w, nil
}

// Close stops every worker (SIGTERM, then SIGKILL for those still running
// after a moment) and removes the pool's directory.
func (p *Pool) Close() error {
	p.stop()
	p.done.Wait()
	// Workers not yet supervised (NewPool failing half way).
	p.mu.Lock()
	left := present(p.workers)
	p.mu.Unlock()
	for _, w := range left {
		<-w.exited
	}
	return os.RemoveAll(p.dir)
}

func present(ws []*worker) []*worker {
	var out []*worker
	for _, w := range ws {
		if w != nil {
			out = append(out, w)
		}
	}
	return out
}
