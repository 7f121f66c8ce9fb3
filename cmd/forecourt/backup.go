package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
)

// backupPostgresHelp is what `backup` says with DATABASE_URL set: a copy
// made through the application would be neither consistent nor restorable
// the way the database's own tools make it.
const backupPostgresHelp = `backup copies the SQLite database only; with DATABASE_URL set, back up PostgreSQL with its own tools ` +
	`(pg_dump -Fc and pg_restore, or continuous archiving with pg_basebackup and WAL archiving): see "Backups and retention" in docs/operations.md`

// runBackup writes a consistent copy of the SQLite database while serve
// may be writing to it. VACUUM INTO reads the database in one read
// transaction, so the copy is the database as one moment left it, and
// writers carry on meanwhile (the file is in WAL mode). The copy goes to a
// temporary file beside --out, is checked, and only then takes its name,
// so --out is never a half-written file.
func runBackup(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fset := newFlags("backup", stderr)
	dataDir := fset.String("data", "data", "directory of the SQLite database")
	out := fset.String("out", "", "file to write the copy to")
	force := fset.Bool("force", false, "replace --out when it exists")
	if err := fset.Parse(args); err != nil {
		return err
	}
	if getenv("DATABASE_URL") != "" {
		return errors.New(backupPostgresHelp)
	}
	if *out == "" {
		return errors.New("backup needs --out FILE")
	}
	src := filepath.Join(*dataDir, "forecourt.db")
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("no database to back up at %s: %w", src, err)
	}
	if !*force {
		if _, err := os.Lstat(*out); err == nil {
			return fmt.Errorf("%s already exists; pass --force to replace it", *out)
		}
	}

	// VACUUM INTO writes only into a file that is missing or empty: the
	// temporary file is made empty, so its name is ours alone.
	tmp, err := os.CreateTemp(filepath.Dir(*out), "."+filepath.Base(*out)+".*.tmp")
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	tmpName := tmp.Name()
	tmp.Close()
	defer os.Remove(tmpName) // nothing to remove once it is renamed

	db, err := sql.Open("sqlite", sqliteDSN(src, "busy_timeout(5000)"))
	if err != nil {
		return fmt.Errorf("backup: open %s: %w", src, err)
	}
	db.SetMaxOpenConns(1)
	_, err = db.ExecContext(ctx, "VACUUM INTO ?", tmpName)
	db.Close()
	if err != nil {
		return fmt.Errorf("backup: copy %s: %w", src, err)
	}

	cars, leads, err := checkBackup(ctx, tmpName)
	if err != nil {
		return fmt.Errorf("backup: the copy fails its check, so %s was not written: %w", *out, err)
	}
	if err := syncFile(tmpName); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if err := place(tmpName, *out, *force); err != nil {
		return err
	}
	info, err := os.Stat(*out)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: %s, %d cars, %d leads (integrity check ok)\n", *out, humanBytes(info.Size()), cars, leads)
	return nil
}

// checkBackup runs SQLite's integrity check on the copy and counts its cars
// and leads.
func checkBackup(ctx context.Context, file string) (cars, leads int, err error) {
	db, err := sql.Open("sqlite", sqliteDSN(file, "query_only(1)"))
	if err != nil {
		return 0, 0, err
	}
	defer db.Close()
	var result string
	if err := db.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&result); err != nil {
		return 0, 0, err
	}
	if result != "ok" {
		return 0, 0, fmt.Errorf("integrity check: %s", result)
	}
	err = db.QueryRowContext(ctx, "SELECT (SELECT count(*) FROM cars), (SELECT count(*) FROM leads)").Scan(&cars, &leads)
	return cars, leads, err
}

// place gives tmp the name out. Without force a hard link takes the name
// only if nothing has it, so a file made meanwhile is never replaced.
func place(tmp, out string, force bool) error {
	if !force {
		err := os.Link(tmp, out)
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s already exists; pass --force to replace it", out)
		}
		if err == nil {
			return syncDir(filepath.Dir(out))
		}
		// A file system without hard links: check, then rename.
		if _, err := os.Lstat(out); err == nil {
			return fmt.Errorf("%s already exists; pass --force to replace it", out)
		}
	}
	if err := os.Rename(tmp, out); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	return syncDir(filepath.Dir(out))
}

func syncFile(name string) error {
	f, err := os.OpenFile(name, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// syncDir makes a rename in dir survive a power cut.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return fmt.Errorf("backup: sync %s: %w", dir, err)
	}
	return nil
}

// sqliteDSN names a SQLite file for the driver with the given pragmas.
func sqliteDSN(file string, pragmas ...string) string {
	q := url.Values{}
	for _, p := range pragmas {
		q.Add("_pragma", p)
	}
	return "file:" + (&url.URL{Path: file}).EscapedPath() + "?" + q.Encode()
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
