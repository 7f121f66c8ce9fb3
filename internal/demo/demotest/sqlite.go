// Package demotest gives tests the demo catalogue ready in a store, loaded
// once per test binary: loading it is what costs a test most. Only tests
// import it.
package demotest

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"time"

	"forecourt/internal/demo"
	"forecourt/internal/store/sqlite"
)

var files sync.Map // time.Time → func() ([]byte, error)

// SQLiteFile is the bytes of a closed SQLite database holding the demo
// catalogue as of ref, loaded on the first call for ref. A test writes
// them to a file of its own and opens that.
func SQLiteFile(ref time.Time) ([]byte, error) {
	load, _ := files.LoadOrStore(ref, sync.OnceValues(func() ([]byte, error) {
		dir, err := os.MkdirTemp("", "forecourt-demo-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		path := filepath.Join(dir, "forecourt.db")
		ctx := context.Background()
		st, err := sqlite.Open(ctx, path)
		if err != nil {
			return nil, err
		}
		if err := demo.Load(ctx, st, ref); err != nil {
			st.Close()
			return nil, err
		}
		// Closing the last connection folds the write-ahead log into the file.
		if err := st.Close(); err != nil {
			return nil, err
		}
		return os.ReadFile(path)
	}))
	return load.(func() ([]byte, error))()
}
