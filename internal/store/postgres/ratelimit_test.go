package postgres_test

import (
	"context"
	"testing"

	"forecourt/internal/ratelimit/ratelimittest"
	"forecourt/internal/store/postgres"
	"forecourt/internal/store/postgres/postgrestest"
)

func TestRateLimitBuckets(t *testing.T) {
	db, err := postgres.Open(context.Background(), postgrestest.TestDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ratelimittest.Run(t, db)
}
