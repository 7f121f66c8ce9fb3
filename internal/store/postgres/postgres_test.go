package postgres_test

import (
	"context"
	"testing"

	"forecourt/internal/store/postgres"
	"forecourt/internal/store/postgres/postgrestest"
	"forecourt/internal/store/storetest"
)

// Every suite runs on a database of its own on the server of DATABASE_URL.
func TestStore(t *testing.T) {
	storetest.RunAll(t, func(t *testing.T) string { return postgrestest.TestDatabase(t) },
		func(t *testing.T, url string) storetest.Handle {
			db, err := postgres.Open(context.Background(), url)
			if err != nil {
				t.Fatal(err)
			}
			return db
		})
}
