package postgres_test

import (
	"context"
	"testing"

	"forecourt/internal/store/postgres"
	"forecourt/internal/store/postgres/postgrestest"
	"forecourt/internal/store/storetest"
)

// Every suite runs on a database of its own on the server of DATABASE_URL,
// a copy of one migrated for the run (the suites' own test of migrating
// again is then the migration a node makes at each start).
func TestStore(t *testing.T) {
	url, template, err := postgrestest.CreateDatabase("")
	postgrestest.Need(t, err, "create the suites' template database")
	t.Cleanup(func() {
		if err := postgrestest.DropDatabase(template); err != nil {
			t.Errorf("drop %s: %v", template, err)
		}
	})
	db, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	db.Close() // a template is copied only while nobody is connected to it
	dbs := postgrestest.NewDatabases(template, 4)
	t.Cleanup(func() {
		if err := dbs.Close(); err != nil {
			t.Error(err)
		}
	})
	storetest.RunAll(t, func(t *testing.T) string { return dbs.Take(t) },
		func(t *testing.T, url string) storetest.Handle {
			db, err := postgres.Open(context.Background(), url)
			if err != nil {
				t.Fatal(err)
			}
			return db
		})
}
