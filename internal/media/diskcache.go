package media

import (
	"container/list"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// DefaultDiskBytes is the disk cache's size when the operator names none:
// room for every photo of a few thousand cars at the sizes the pages use.
const DefaultDiskBytes = 1 << 30

// diskCache keeps encoded images as files under dir, bounded by their total
// size: past the cap, the least recently used files are removed. The files
// and the index of them change together under one lock, so two requests
// never disagree about what is on disk; reads happen outside it.
type diskCache struct {
	dir string
	max int64

	mu    sync.Mutex
	size  int64
	order *list.List               // of *diskEntry, front = most recently used
	items map[string]*list.Element // file path → its element
}

type diskEntry struct {
	path string
	size int64
}

// openDiskCache indexes the files a previous run left, newest first by
// modification time (a hit touches its file, so that is last use), and
// trims them to maxBytes: a lowered cap takes effect at start.
func openDiskCache(dir string, maxBytes int64) *diskCache {
	c := &diskCache{dir: dir, max: maxBytes, order: list.New(), items: map[string]*list.Element{}}
	type found struct {
		path string
		size int64
		mod  time.Time
	}
	var files []found
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".tmp-") {
			os.Remove(p) // half-written by a run that stopped mid-write
			return nil
		}
		if info, err := d.Info(); err == nil {
			files = append(files, found{p, info.Size(), info.ModTime()})
		}
		return nil
	})
	slices.SortFunc(files, func(a, b found) int { return a.mod.Compare(b.mod) })
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, f := range files {
		c.items[f.path] = c.order.PushFront(&diskEntry{f.path, f.size})
		c.size += f.size
	}
	c.evictLocked("")
	return c
}

// read returns the file's bytes and marks it used.
func (c *diskCache) read(path string) ([]byte, bool) {
	b, err := os.ReadFile(path)
	c.mu.Lock()
	defer c.mu.Unlock()
	el, known := c.items[path]
	if err != nil || len(b) == 0 {
		if known { // gone behind our back: forget it
			c.size -= el.Value.(*diskEntry).size
			c.order.Remove(el)
			delete(c.items, path)
		}
		return nil, false
	}
	if !known {
		// Evicted between the read and the lock: serve the bytes, the
		// file itself is gone.
		return b, true
	}
	c.order.MoveToFront(el)
	now := time.Now()
	_ = os.Chtimes(path, now, now) // the order a restart reads back
	return b, true
}

// write stores b at path and removes the least recently used files that
// no longer fit.
func (c *diskCache) write(path string, b []byte) error {
	tmp, err := writeTemp(path, b)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	n := int64(len(b))
	if el, ok := c.items[path]; ok {
		c.size += n - el.Value.(*diskEntry).size
		el.Value.(*diskEntry).size = n
		c.order.MoveToFront(el)
	} else {
		c.items[path] = c.order.PushFront(&diskEntry{path, n})
		c.size += n
	}
	c.evictLocked(path)
	return nil
}

// evictLocked removes files from the least recently used end until the
// total fits; keep is removed last (a picture larger than the whole cap is
// served but not kept).
func (c *diskCache) evictLocked(keep string) {
	for c.size > c.max && c.order.Len() > 0 {
		el := c.order.Back()
		e := el.Value.(*diskEntry)
		if e.path == keep && c.order.Len() > 1 {
			c.order.MoveToFront(el)
			continue
		}
		if err := os.Remove(e.path); err != nil && !os.IsNotExist(err) {
			slog.Warn("media: disk cache eviction failed", "err", err)
		}
		c.order.Remove(el)
		delete(c.items, e.path)
		c.size -= e.size
	}
}

// bytes is the total size of the files the cache holds.
func (c *diskCache) bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.size
}

// writeTemp writes b to a temporary file beside path, for a rename into
// place: a crash or a concurrent reader never sees half an image.
func writeTemp(path string, b []byte) (string, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return "", err
	}
	tmp := f.Name()
	_, werr := f.Write(b)
	cerr := f.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp)
		if werr != nil {
			return "", werr
		}
		return "", cerr
	}
	return tmp, nil
}
