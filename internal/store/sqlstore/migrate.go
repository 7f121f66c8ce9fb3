package sqlstore

import (
	"bytes"
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"testing/fstest"
	"text/template"

	"github.com/pressly/goose/v3"
)

// The migrations both databases share. They are templates: a column type
// that the two spell differently is written as a field of Schema. Their
// version numbers are those already applied to existing databases.
//
//go:embed migrations/*.sql
var shared embed.FS

// Schema is how one database spells the column types of the shared
// migrations, and which migrations only it has.
type Schema struct {
	Goose        goose.Dialect
	Int          string // a 64-bit integer
	JSON         string // a JSON document
	Time         string // an instant
	OptionalTime string // an instant or none, with its NULL or default
	Flag         string // a boolean, false by default
	Identity     string // a primary key the database numbers
	Serial       string // a primary key the database numbers (an older spelling)
	IsSet        string // the condition that an OptionalTime column holds an instant

	// Own holds migrations only this database has (*.sql at its root).
	Own fs.FS
}

// Migrations renders the shared migrations for the database and adds its
// own, ready for goose.
func (sc Schema) Migrations() (fs.FS, error) {
	out := fstest.MapFS{}
	add := func(fsys fs.FS, render bool) error {
		names, err := fs.Glob(fsys, "*.sql")
		if err != nil {
			return err
		}
		for _, name := range names {
			text, err := fs.ReadFile(fsys, name)
			if err != nil {
				return err
			}
			if render {
				t, err := template.New(name).Option("missingkey=error").Parse(string(text))
				if err != nil {
					return err
				}
				var b bytes.Buffer
				if err := t.Execute(&b, sc); err != nil {
					return err
				}
				text = b.Bytes()
			}
			if _, dup := out[path.Base(name)]; dup {
				return fmt.Errorf("migration %s is both shared and the database's own", name)
			}
			out[path.Base(name)] = &fstest.MapFile{Data: text, Mode: 0o444}
		}
		return nil
	}
	sub, err := fs.Sub(shared, "migrations")
	if err != nil {
		return nil, err
	}
	if err := add(sub, true); err != nil {
		return nil, err
	}
	if sc.Own != nil {
		if err := add(sc.Own, false); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Migrate applies the pending migrations of the schema to db; it is safe to
// call any number of times.
func Migrate(ctx context.Context, db *sql.DB, sc Schema, opts ...goose.ProviderOption) error {
	fsys, err := sc.Migrations()
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	p, err := goose.NewProvider(sc.Goose, db, fsys, append([]goose.ProviderOption{goose.WithDisableGlobalRegistry(true)}, opts...)...)
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}
