// Package postgrestest gives tests a PostgreSQL database of their own: an
// empty database on the shared server (TestDatabase), or a private cluster
// a test may stop, freeze and crash (PrivateCluster). Only tests import it,
// so the server binary carries no testing code.
package postgrestest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
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
	admin := os.Getenv("DATABASE_URL")
	if admin == "" {
		admin = DefaultTestURL
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Skipf("PostgreSQL not reachable at %s; set DATABASE_URL: %v", redact(admin), err)
	}
	defer conn.Close(context.Background())

	buf := make([]byte, 6)
	rand.Read(buf)
	name := "forecourt_test_" + hex.EncodeToString(buf)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, admin)
		if err != nil {
			t.Errorf("drop test database %s: %v", name, err)
			return
		}
		defer conn.Close(ctx)
		// FORCE ends connections a test left open, so the drop never hangs.
		if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("drop test database %s: %v", name, err)
		}
	})

	u, err := url.Parse(admin)
	if err != nil {
		t.Fatalf("DATABASE_URL: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

// redact hides a password in a database URL before it is printed.
func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparseable URL)"
	}
	return u.Redacted()
}
