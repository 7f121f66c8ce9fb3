package postgres_test

import (
	"context"
	"testing"

	"forecourt/internal/store/postgres"
	"forecourt/internal/store/postgres/postgrestest"
)

// A node's connections carry the documented timeouts, and a DATABASE_URL
// that sets its own keeps it.
func TestConnectionsCarryTheTimeouts(t *testing.T) {
	ctx := context.Background()
	url := postgrestest.TestDatabase(t)
	for _, c := range []struct{ url, statement, idle string }{
		{url, "30s", "1min"},
		{url + "&statement_timeout=5000", "5s", "1min"},
	} {
		db, err := postgres.Open(ctx, c.url)
		if err != nil {
			t.Fatal(err)
		}
		var statement, idle string
		if err := db.QueryRowForTest(ctx, "SHOW statement_timeout").Scan(&statement); err != nil {
			t.Fatal(err)
		}
		if err := db.QueryRowForTest(ctx, "SHOW idle_in_transaction_session_timeout").Scan(&idle); err != nil {
			t.Fatal(err)
		}
		if statement != c.statement || idle != c.idle {
			t.Errorf("%s: statement_timeout %s, idle_in_transaction_session_timeout %s; want %s, %s", c.url, statement, idle, c.statement, c.idle)
		}
		db.Close()
	}
}
