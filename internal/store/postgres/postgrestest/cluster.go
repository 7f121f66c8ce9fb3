package postgrestest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
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
	bin := serverBinDir()
	if bin == "" {
		t.Skip("PostgreSQL's server tools (initdb, pg_ctl) are not installed; the database-restart test needs its own cluster")
	}
	c := &Cluster{t: t, bin: bin}
	dir, err := os.MkdirTemp("", "forecourt-pg-")
	if err != nil {
		t.Fatal(err)
	}
	c.dir = dir
	t.Cleanup(func() { os.RemoveAll(dir) })
	// The server refuses to run as root; as root, run it as the
	// database's own user.
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Skip("running as root and there is no postgres user to run a private cluster as")
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
		c.as = []string{"runuser", "-u", "postgres", "--"}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c.port = ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	c.run("initdb", "-D", c.data(), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8")
	c.Start()
	t.Cleanup(func() {
		// Stopped already, or stopping now: either way nothing is left running.
		cmd := c.cmd("pg_ctl", "-D", c.data(), "-m", "immediate", "-w", "stop")
		_ = cmd.Run()
	})
	c.URL = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", c.port)
	return c
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
