// Package s3test runs a real S3-compatible server for tests: SeaweedFS's
// `weed mini`, on loopback ports, with its data in a temporary directory.
//
// The binary is built once by scripts/ensure-seaweedfs.sh into a cache
// outside the repository; the tests find it through FORECOURT_WEED (the
// Makefile sets it) or in that cache, and skip when it is in neither.
package s3test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"forecourt/internal/photos"
)

// Version is the SeaweedFS module version scripts/ensure-seaweedfs.sh
// builds; the cached binary's directory is named after it.
const Version = "v0.0.0-20261109003541-7506e5f91cd6"

// The server is started with no identities, so it takes any credentials;
// these are what the returned configs sign with.
const (
	AccessKey = "forecourt-test"
	SecretKey = "forecourt-test-secret"
)

// ReadyWithin bounds the wait for a started server to answer S3.
var ReadyWithin = 60 * time.Second

// Binary finds the weed binary: FORECOURT_WEED when set, else the cache
// scripts/ensure-seaweedfs.sh builds into
// (${FORECOURT_CACHE:-$HOME/.cache/forecourt}/weed-<Version>/weed). It
// answers "" when the binary is in neither place, and an error when
// FORECOURT_WEED names something that is not there.
func Binary() (string, error) {
	if p := os.Getenv("FORECOURT_WEED"); p != "" {
		if st, err := os.Stat(p); err != nil || st.IsDir() {
			return "", fmt.Errorf("FORECOURT_WEED=%s is not a SeaweedFS binary; run scripts/ensure-seaweedfs.sh", p)
		}
		return p, nil
	}
	cache := os.Getenv("FORECOURT_CACHE")
	if cache == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", nil
		}
		cache = filepath.Join(home, ".cache", "forecourt")
	}
	p := filepath.Join(cache, "weed-"+Version, "weed")
	if st, err := os.Stat(p); err == nil && !st.IsDir() {
		return p, nil
	}
	return "", nil
}

// Start runs a SeaweedFS server for the test, stopped when the test ends,
// and returns the config of a fresh bucket on it (CreateBucket set: the
// bucket is made by the first store opened on it). Without the binary the
// test is skipped.
func Start(t testing.TB) photos.S3Config {
	t.Helper()
	bin, err := Binary()
	if err != nil {
		t.Fatal(err)
	}
	if bin == "" {
		t.Skip("no SeaweedFS binary for the S3 tests: run scripts/ensure-seaweedfs.sh (it builds one into a cache once and prints its path), or set FORECOURT_WEED to one")
	}
	var last error
	for try := 0; try < 3; try++ {
		s, err := start(t, bin)
		if err == nil {
			return photos.S3Config{
				Endpoint:     net.JoinHostPort("127.0.0.1", strconv.Itoa(s.s3Port)),
				Bucket:       bucketName(),
				AccessKey:    AccessKey,
				SecretKey:    SecretKey,
				CreateBucket: true,
			}
		}
		last = err
		// Another process may have taken one of the ports between the
		// check and the server's bind: pick others.
		if !errors.Is(err, errPortTaken) {
			break
		}
	}
	t.Fatal(last)
	return photos.S3Config{}
}

var errPortTaken = errors.New("a port was taken")

type server struct {
	cmd    *exec.Cmd
	log    string // the server's output
	done   chan struct{}
	s3Port int
	// sockets are the names of the Unix sockets the server makes in the
	// system's temporary directory, whatever TMPDIR says.
	sockets []string
}

func start(t testing.TB, bin string) (*server, error) {
	dir := t.TempDir()
	// http and gRPC ports of the master, the volume server, the filer, the
	// S3 gateway and the admin server (which weed mini always starts); the
	// gRPC ones are named too, or SeaweedFS takes port+10000, which may land
	// among the kernel's outgoing ports, and the admin's defaults are fixed.
	ports, err := freePorts(10)
	if err != nil {
		return nil, err
	}
	master, masterGrpc, volume, volumeGrpc := ports[0], ports[1], ports[2], ports[3]
	filer, filerGrpc, s3, s3Grpc := ports[4], ports[5], ports[6], ports[7]
	admin, adminGrpc := ports[8], ports[9]
	// Its log goes to standard error (and the file below) only. `weed
	// mini` is all of SeaweedFS in one process, made for one machine: its
	// filer joins the cluster without the wait `weed server` holds for
	// other filers to show up, so it takes objects after 5 s rather than 13.
	args := []string{"-logtostderr", "mini",
		"-dir=" + dir,
		"-ip=127.0.0.1", "-ip.bind=127.0.0.1",
		"-master.port=" + strconv.Itoa(master), "-master.port.grpc=" + strconv.Itoa(masterGrpc),
		"-volume.port=" + strconv.Itoa(volume), "-volume.port.grpc=" + strconv.Itoa(volumeGrpc),
		"-filer.port=" + strconv.Itoa(filer), "-filer.port.grpc=" + strconv.Itoa(filerGrpc),
		"-s3", "-s3.port=" + strconv.Itoa(s3), "-s3.port.grpc=" + strconv.Itoa(s3Grpc),
		"-admin.port=" + strconv.Itoa(admin), "-admin.port.grpc=" + strconv.Itoa(adminGrpc),
		// No table-catalog, WebDAV or admin UI, no usage reports sent out,
		// small volumes, and an immediate stop.
		"-s3.port.iceberg=0", "-s3.port.lance=0", "-webdav=false",
		"-admin.ui=false", "-admin.port.legacy=0",
		"-master.telemetry=false",
		"-master.volumeSizeLimitMB=64", "-volume.max=64",
		"-volume.preStopSeconds=0",
	}
	s := &server{log: filepath.Join(dir, "weed.log"), done: make(chan struct{}), s3Port: s3}
	// The filer's and the gateway's local sockets go in the test's
	// directory when its name is short enough for a socket's.
	if len(dir) < 90 {
		args = append(args, "-filer.localSocket="+filepath.Join(dir, "f.sock"), "-s3.localSocket="+filepath.Join(dir, "s.sock"))
	} else {
		s.sockets = append(s.sockets, fmt.Sprintf("seaweedfs-filer-%d.sock", filer), fmt.Sprintf("seaweedfs-s3-%d.sock", s3))
	}
	// Each gRPC server listens on a socket named after it and its port too.
	for name, p := range map[string]int{"master": masterGrpc, "volume": volumeGrpc, "filer": filerGrpc, "s3": s3Grpc, "admin": adminGrpc} {
		s.sockets = append(s.sockets, fmt.Sprintf("seaweedfs-%s-grpc-%d.sock", name, p))
	}
	logFile, err := os.Create(s.log)
	if err != nil {
		return nil, err
	}
	defer logFile.Close()
	s.cmd = exec.Command(bin, args...)
	// In the test's directory, so it reads no configuration file from the
	// caller's and writes its temporary files in its own.
	s.cmd.Dir = dir
	s.cmd.Env = append(os.Environ(), "TMPDIR="+dir,
		// One volume per bucket rather than seven, made at once rather
		// than after the wait a restarted cluster needs.
		"WEED_MASTER_VOLUME_GROWTH_COPY_1=1",
		"WEED_MASTER_VOLUME_GROWTH_ALLOCATION_DEFERRAL=0s")
	s.cmd.Stdout, s.cmd.Stderr = logFile, logFile
	s.cmd.SysProcAttr = procAttr()
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting %s: %w", bin, err)
	}
	go func() { s.cmd.Wait(); close(s.done) }()
	t.Cleanup(func() {
		s.stop()
		if t.Failed() {
			t.Logf("SeaweedFS log (last lines):\n%s", s.tail(40))
		}
	})
	began := time.Now()
	if err := s.wait(); err != nil {
		s.stop()
		out := s.tail(40)
		if strings.Contains(out, "address already in use") {
			return nil, fmt.Errorf("%w: %v", errPortTaken, err)
		}
		return nil, fmt.Errorf("SeaweedFS (%s %s): %v; its log (last lines):\n%s", bin, strings.Join(args, " "), err, out)
	}
	t.Logf("SeaweedFS S3 on 127.0.0.1:%d, taking objects after %s", s3, time.Since(began).Round(time.Millisecond))
	return s, nil
}

// wait returns once an object can be written: the S3 gateway answers
// some seconds after the start, and writes wait some seconds more, until
// the filer has joined the cluster. It fails after ReadyWithin, or at once
// when the server exits.
func (s *server) wait() error {
	client, err := minio.New(net.JoinHostPort("127.0.0.1", strconv.Itoa(s.s3Port)), &minio.Options{
		Creds: credentials.NewStaticV4(AccessKey, SecretKey, ""), MaxRetries: 1,
	})
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), ReadyWithin)
	defer cancel()
	go func() {
		select {
		case <-s.done:
			cancel()
		case <-ctx.Done():
		}
	}()
	const probe = "s3test-ready"
	var last error
	for {
		last = client.MakeBucket(ctx, probe, minio.MakeBucketOptions{})
		if code := minio.ToErrorResponse(last).Code; code == "BucketAlreadyOwnedByYou" || code == "BucketAlreadyExists" {
			last = nil
		}
		if last == nil {
			_, last = client.PutObject(ctx, probe, "ready", strings.NewReader("ready"), 5, minio.PutObjectOptions{})
			if last == nil {
				return nil
			}
		}
		select {
		case <-s.done:
			return fmt.Errorf("the server exited before it took an object (%v)", s.cmd.ProcessState)
		case <-ctx.Done():
			select {
			case <-s.done:
				return fmt.Errorf("the server exited before it took an object (%v)", s.cmd.ProcessState)
			default:
			}
			return fmt.Errorf("S3 on port %d took no object within %s (last: %v)", s.s3Port, ReadyWithin, last)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// stopWithin bounds a stopping server's own shutdown: its data is thrown
// away, so there is nothing to wait longer for.
const stopWithin = 5 * time.Second

// stop sends SIGTERM, then kills the server if it is still running after
// stopWithin, and removes the sockets a killed server leaves behind.
func (s *server) stop() {
	select {
	case <-s.done:
	default:
		s.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-s.done:
		case <-time.After(stopWithin):
			s.cmd.Process.Kill()
			<-s.done
		}
	}
	for _, name := range s.sockets {
		p := filepath.Join("/tmp", name)
		if st, err := os.Lstat(p); err == nil && st.Mode()&os.ModeSocket != 0 {
			os.Remove(p)
		}
	}
}

// freePorts picks n distinct loopback ports nothing listens on, below the
// kernel's range for outgoing connections (32768 and up on Linux), so no
// connection's own port holds one the server is about to bind.
func freePorts(n int) ([]int, error) {
	seen := map[int]bool{}
	var out []int
	for tries := 0; len(out) < n; tries++ {
		if tries > 1000 {
			return nil, errors.New("found no free loopback ports between 20000 and 32000")
		}
		r, err := rand.Int(rand.Reader, big.NewInt(12000))
		if err != nil {
			return nil, err
		}
		p := 20000 + int(r.Int64())
		if seen[p] {
			continue
		}
		seen[p] = true
		if !free(p) {
			continue
		}
		out = append(out, p)
	}
	return out, nil
}

func free(port int) bool {
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	if c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond); err == nil {
		c.Close()
		return false
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return false
	}
	ln.Close()
	return true
}

func bucketName() string {
	b := make([]byte, 6)
	rand.Read(b)
	return "forecourt-test-" + hex.EncodeToString(b)
}

// tail is the last n lines of the server's log.
func (s *server) tail(n int) string {
	b, err := os.ReadFile(s.log)
	if err != nil {
		return err.Error()
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
