package postgrestest

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// Cluster is a PostgreSQL server of a test's own, in a temporary directory,
// which the test may stop and start again (to show how a node rides out a
// database restart) without touching the shared server.
type Cluster struct {
	URL  string
	t    testing.TB
	dir  string
	port int
	bin  string
	as   []string // the command prefix that runs a tool as the database's user
}

// PrivateCluster makes, starts and (at the test's end) removes a cluster.
// The test is skipped, saying why, when the server's tools are not
// installed.
func PrivateCluster(t testing.TB) *Cluster {
	t.Helper()
	c := newCluster(t)
	c.run("initdb", "-D", c.data(), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8")
	c.begin()
	return c
}

// PrivateClusterFrom is PrivateCluster holding what seed put in it: seed
// runs once per test binary and name, on a cluster made for it, whose files
// each test then gets a copy of. RemoveTemplates removes those files.
func PrivateClusterFrom(t testing.TB, name string, seed func(url string) error) *Cluster {
	t.Helper()
	c := newCluster(t)
	v, _ := templates.LoadOrStore(name, &template{})
	tmpl := v.(*template)
	tmpl.once.Do(func() {
		tc := &Cluster{t: t, bin: c.bin, as: c.as}
		tmpl.dir, tmpl.err = tc.makeDir()
		if tmpl.err != nil {
			return
		}
		tc.dir, tc.port = tmpl.dir, freePort(t)
		tc.URL = tc.url()
		tmpl.err = errors.New("the cluster to seed did not start") // until seeded
		if out, err := tc.cmd("initdb", "-D", tc.data(), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8").CombinedOutput(); err != nil {
			tmpl.err = fmt.Errorf("initdb: %v\n%s", err, out)
			return
		}
		tc.Start()
		tmpl.err = seed(tc.URL)
		tc.Stop()
	})
	if tmpl.err != nil {
		t.Fatalf("seed a cluster for %s: %v", name, tmpl.err)
	}
	// -a keeps the files the database's user's own.
	if out, err := exec.Command("cp", "-a", filepath.Join(tmpl.dir, "data"), c.data()).CombinedOutput(); err != nil {
		t.Fatalf("copy the seeded cluster: %v\n%s", err, out)
	}
	c.begin()
	return c
}

// template is a seeded cluster's files, made once.
type template struct {
	once sync.Once
	dir  string
	err  error
}

var templates sync.Map // name → *template

// RemoveTemplates removes the seeded clusters' files (from TestMain, once
// the tests have run).
func RemoveTemplates() {
	templates.Range(func(_, v any) bool {
		if dir := v.(*template).dir; dir != "" {
			os.RemoveAll(dir)
		}
		return true
	})
}

// newCluster readies a cluster's directory and port, and removes the
// directory at the test's end; the caller fills in its data and begins it.
func newCluster(t testing.TB) *Cluster {
	t.Helper()
	bin := serverBinDir()
	if bin == "" {
		t.Skip("PostgreSQL's server tools (initdb, pg_ctl) are not installed; the database-restart test needs its own cluster")
	}
	c := &Cluster{t: t, bin: bin}
	// The server refuses to run as root; as root, run it as the
	// database's own user.
	if os.Geteuid() == 0 {
		if _, err := user.Lookup("postgres"); err != nil {
			t.Skip("running as root and there is no postgres user to run a private cluster as")
		}
		c.as = []string{"runuser", "-u", "postgres", "--"}
	}
	dir, err := c.makeDir()
	if err != nil {
		t.Fatal(err)
	}
	c.dir = dir
	t.Cleanup(func() { os.RemoveAll(dir) })
	c.port = freePort(t)
	c.URL = c.url()
	return c
}

// makeDir makes a directory for a cluster, the database's user's own when
// the tools run as that user.
func (c *Cluster) makeDir() (string, error) {
	dir, err := os.MkdirTemp("", "forecourt-pg-")
	if err != nil || c.as == nil {
		return dir, err
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return dir, err
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return dir, os.Chown(dir, uid, gid)
}

// begin starts the cluster and makes sure nothing of it is left running
// when the test ends.
func (c *Cluster) begin() {
	c.t.Helper()
	c.Start()
	c.t.Cleanup(func() {
		// Stopped already, or stopping now: either way nothing is left running.
		cmd := c.cmd("pg_ctl", "-D", c.data(), "-m", "immediate", "-w", "stop")
		_ = cmd.Run()
	})
}

func (c *Cluster) url() string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", c.port)
}

func freePort(t testing.TB) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

func (c *Cluster) data() string { return filepath.Join(c.dir, "data") }

// Start starts the cluster and waits until it takes connections.
func (c *Cluster) Start() {
	c.t.Helper()
	opts := fmt.Sprintf("-p %d -c listen_addresses=127.0.0.1 -k %s -c fsync=off", c.port, c.dir)
	c.run("pg_ctl", "-D", c.data(), "-l", filepath.Join(c.dir, "server.log"), "-w", "-o", opts, "start")
}

// Stop stops the cluster at once, ending every connection (a "fast" stop:
// what a database restart looks like to the nodes).
func (c *Cluster) Stop() {
	c.t.Helper()
	c.run("pg_ctl", "-D", c.data(), "-m", "fast", "-w", "stop")
}

// Crash stops the cluster the way a power cut or a killed server does (an
// "immediate" stop: no checkpoint, connections dropped).
func (c *Cluster) Crash() {
	c.t.Helper()
	c.run("pg_ctl", "-D", c.data(), "-m", "immediate", "-w", "stop")
}

// Pause freezes every process of the cluster (SIGSTOP): connections stay
// open and nothing answers, as with a hung host or a network partition.
// Resume thaws them.
func (c *Cluster) Pause() { c.signal(syscall.SIGSTOP) }

// Resume thaws a paused cluster (SIGCONT).
func (c *Cluster) Resume() { c.signal(syscall.SIGCONT) }

// signal sends sig to the cluster's server process and its children.
func (c *Cluster) signal(sig syscall.Signal) {
	c.t.Helper()
	b, err := os.ReadFile(filepath.Join(c.data(), "postmaster.pid"))
	if err != nil {
		c.t.Fatalf("the cluster's process: %v", err)
	}
	server, err := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0]))
	if err != nil {
		c.t.Fatalf("postmaster.pid: %v", err)
	}
	pids := []int{server}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// The parent's id is the second field after the command's ")".
		rest := string(stat[strings.LastIndexByte(string(stat), ')')+1:])
		if f := strings.Fields(rest); len(f) > 1 && f[1] == strconv.Itoa(server) {
			pids = append(pids, pid)
		}
	}
	for _, pid := range pids {
		// A process that ended meanwhile (a finished backend) is passed over.
		if err := syscall.Kill(pid, sig); err != nil && err != syscall.ESRCH {
			c.t.Fatalf("signal %v to %d: %v", sig, pid, err)
		}
	}
}

func (c *Cluster) cmd(tool string, args ...string) *exec.Cmd {
	argv := append(append([]string{}, c.as...), append([]string{filepath.Join(c.bin, tool)}, args...)...)
	return exec.Command(argv[0], argv[1:]...)
}

func (c *Cluster) run(tool string, args ...string) {
	c.t.Helper()
	if out, err := c.cmd(tool, args...).CombinedOutput(); err != nil {
		log, _ := os.ReadFile(filepath.Join(c.dir, "server.log"))
		c.t.Fatalf("%s: %v\n%s\n%s", tool, err, out, log)
	}
}

// serverBinDir finds the directory of initdb and pg_ctl: pg_config's
// answer, else the PATH.
func serverBinDir() string {
	if out, err := exec.Command("pg_config", "--bindir").Output(); err == nil {
		dir := strings.TrimSpace(string(out))
		if _, err := os.Stat(filepath.Join(dir, "initdb")); err == nil {
			return dir
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		if _, err := exec.LookPath("pg_ctl"); err == nil {
			return filepath.Dir(p)
		}
	}
	return ""
}
