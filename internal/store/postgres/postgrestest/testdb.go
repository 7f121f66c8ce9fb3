// Package postgrestest gives tests a PostgreSQL database of their own: an
// empty database on the shared server (TestDatabase), or a private cluster
// a test may stop, freeze and crash (PrivateCluster). Only tests import it,
// so the server binary carries no testing code.
package postgrestest

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	neturl "net/url"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// DefaultTestURL is the server tests use when DATABASE_URL is not set.
const DefaultTestURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

// TestDatabase creates an empty, uniquely named database for one test and
// returns its URL; the database is dropped when the test ends. The server is
// DATABASE_URL (or DefaultTestURL); the test is skipped when it cannot be
// reached.
func TestDatabase(t testing.TB) string {
	t.Helper()
	return TestDatabaseFrom(t, "")
}

// TestDatabaseFrom is TestDatabase with the new database a copy of
// template (a database no connection is open on), or empty for "".
func TestDatabaseFrom(t testing.TB, template string) string {
	t.Helper()
	url, name, err := CreateDatabase(template)
	Need(t, err, "create test database")
	t.Cleanup(func() {
		if err := DropDatabase(name); err != nil {
			t.Errorf("drop test database %s: %v", name, err)
		}
	})
	return url
}

// ErrUnreachable is CreateDatabase's error when no server answers.
var ErrUnreachable = errors.New("PostgreSQL not reachable")

// Need ends t when err, from making a test database, is not nil: skipped,
// saying how to name a server, when no PostgreSQL answers; failed, saying
// what failed, on any other error.
func Need(t testing.TB, err error, what string) {
	t.Helper()
	if errors.Is(err, ErrUnreachable) {
		t.Skipf("%v; set DATABASE_URL", err)
	}
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// CreateDatabase creates a uniquely named database on the test server, a
// copy of template when it is not "", and returns its URL and name. The
// caller drops it (DropDatabase).
func CreateDatabase(template string) (url, name string, err error) {
	admin := adminURL()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return "", "", fmt.Errorf("%w at %s: %v", ErrUnreachable, redact(admin), err)
	}
	defer conn.Close(context.Background())

	buf := make([]byte, 6)
	rand.Read(buf)
	name = "forecourt_test_" + hex.EncodeToString(buf)
	create := "CREATE DATABASE " + name
	if template != "" {
		create += " TEMPLATE " + pgx.Identifier{template}.Sanitize()
	}
	if _, err := conn.Exec(ctx, create); err != nil {
		return "", "", err
	}
	u, err := neturl.Parse(admin)
	if err != nil {
		return "", "", fmt.Errorf("DATABASE_URL: %w", err)
	}
	u.Path = "/" + name
	return u.String(), name, nil
}

// DropDatabase drops a database CreateDatabase made, ending any connection
// left open on it so the drop never hangs.
func DropDatabase(name string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, adminURL())
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
	return err
}

// adminURL is the test server: DATABASE_URL, or DefaultTestURL.
func adminURL() string {
	if u := os.Getenv("DATABASE_URL"); u != "" {
		return u
	}
	return DefaultTestURL
}

// redact hides a password in a database URL before it is printed.
func redact(raw string) string {
	u, err := neturl.Parse(raw)
	if err != nil {
		return "(unparseable URL)"
	}
	return u.Redacted()
}

// Databases makes databases ahead of the tests that take them: making one
// is most of a short test's time, and the server makes several at once.
type Databases struct {
	ready   chan made
	stop    chan struct{}
	wg      sync.WaitGroup
	dropped sync.WaitGroup // drops under way: a test does not wait for its own
	mu      sync.Mutex
	dropErr error // the first drop that failed, for Close to report
}

type made struct {
	url, name string
	err       error
}

// NewDatabases starts making copies of template ("" for empty databases),
// ahead at a time. Close stops it and drops the copies nobody took.
func NewDatabases(template string, ahead int) *Databases {
	d := &Databases{ready: make(chan made, ahead), stop: make(chan struct{})}
	for range ahead {
		d.wg.Go(func() {
			for {
				select {
				case <-d.stop:
					return
				default:
				}
				url, name, err := CreateDatabase(template)
				select {
				case d.ready <- made{url, name, err}:
				case <-d.stop:
					if err == nil {
						_ = DropDatabase(name)
					}
					return
				}
				if err != nil {
					return
				}
			}
		})
	}
	return d
}

// Take is TestDatabase from the databases made ahead.
func (d *Databases) Take(t testing.TB) string {
	t.Helper()
	m := <-d.ready
	Need(t, m.err, "create test database")
	d.dropped.Add(1)
	t.Cleanup(func() {
		go func() {
			defer d.dropped.Done()
			if err := DropDatabase(m.name); err != nil {
				d.mu.Lock()
				d.dropErr = cmp.Or(d.dropErr, fmt.Errorf("drop test database %s: %w", m.name, err))
				d.mu.Unlock()
			}
		}()
	})
	return m.url
}

// Close stops making databases, drops those made and not taken, waits for
// the drops of those taken, and says whether one failed.
func (d *Databases) Close() error {
	d.closeMaking()
	d.dropped.Wait()
	return d.dropErr
}

func (d *Databases) closeMaking() {
	close(d.stop)
	// Once every maker has stopped nothing more arrives: drain what did.
	go func() { d.wg.Wait(); close(d.ready) }()
	for m := range d.ready {
		if m.err == nil {
			_ = DropDatabase(m.name)
		}
	}
}
