package media

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// dirBytes is the total size of the files under dir.
func dirBytes(t *testing.T, dir string) (total int64, files int) {
	t.Helper()
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				total += info.Size()
				files++
			}
		}
		return nil
	})
	return total, files
}

func carURL(i int) string { return fmt.Sprintf("/img/car/%d/suv/1f4fa0/0.jpg?w=200", i) }

// Drawing more than the cap's worth keeps the disk cache under its cap, and
// the most recent pictures are the ones kept: a restart serves them from
// disk without drawing.
func TestDiskCacheStaysUnderItsCap(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	one := len(get(t, New("", 0), carURL(0)).Body.Bytes())
	limit := int64(one * 5) // room for about five pictures
	h := NewLimited(dir, 0, limit)
	const n = 20
	bodies := make([][]byte, n)
	for i := range n {
		rec := get(t, h, carURL(i))
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: status %d", carURL(i), rec.Code)
		}
		bodies[i] = rec.Body.Bytes()
		if got, _ := dirBytes(t, dir); got > limit {
			t.Fatalf("after %d pictures the cache holds %d bytes, cap %d", i+1, got, limit)
		}
	}
	total, files := dirBytes(t, dir)
	if total != h.DiskBytes() {
		t.Errorf("files hold %d bytes, the index counts %d", total, h.DiskBytes())
	}
	if files < 2 || files >= n {
		t.Fatalf("%d files kept of %d drawn under a cap of about 5", files, n)
	}

	h2 := NewLimited(dir, 0, limit) // a restart: only the disk remains
	for i := n - 2; i < n; i++ {
		if got := get(t, h2, carURL(i)).Body.Bytes(); !bytes.Equal(got, bodies[i]) {
			t.Errorf("picture %d came back different", i)
		}
	}
	if d := h2.draws.Load(); d != 0 {
		t.Errorf("the two most recent pictures were drawn again (%d draws), want disk hits", d)
	}
	get(t, h2, carURL(0))
	if d := h2.draws.Load(); d != 1 {
		t.Errorf("the oldest picture was not evicted (%d draws)", d)
	}
}

// A picture read from the disk cache counts as used: it outlives pictures
// written after it but used less recently.
func TestDiskCacheEvictsLeastRecentlyUsed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	one := len(get(t, New("", 0), carURL(0)).Body.Bytes())
	h := NewLimited(dir, 0, int64(one*3+one/2)) // no memory cache: every hit reads the disk
	get(t, h, carURL(1))
	get(t, h, carURL(2))
	get(t, h, carURL(3))
	get(t, h, carURL(1)) // 1 is now the most recently used
	get(t, h, carURL(4)) // evicts 2, the least recently used
	before := h.draws.Load()
	get(t, h, carURL(1))
	if h.draws.Load() != before {
		t.Error("the recently read picture was evicted")
	}
	get(t, h, carURL(2))
	if h.draws.Load() != before+1 {
		t.Error("the least recently used picture was kept")
	}
}

// Many requests at once leave the index and the files in agreement and
// under the cap.
func TestDiskCacheCapHoldsUnderConcurrency(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	one := len(get(t, New("", 0), carURL(0)).Body.Bytes())
	limit := int64(one * 4)
	h := NewLimited(dir, 0, limit)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 12 {
				if rec := get(t, h, carURL((g*7+i)%30)); rec.Code != http.StatusOK {
					t.Errorf("status %d", rec.Code)
				}
			}
		}()
	}
	wg.Wait()
	total, _ := dirBytes(t, dir)
	if total > limit || total != h.DiskBytes() {
		t.Errorf("files hold %d bytes, index %d, cap %d", total, h.DiskBytes(), limit)
	}
}

// A lower cap at start trims what an earlier run left; a temporary file of
// an interrupted write is removed.
func TestDiskCacheTrimsAtStart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	h := NewLimited(dir, 0, 1<<30)
	for i := range 6 {
		get(t, h, carURL(i))
	}
	os.WriteFile(filepath.Join(dir, ".tmp-123"), []byte("half"), 0o644)
	full, _ := dirBytes(t, dir)
	h2 := NewLimited(dir, 0, full/2)
	if got, _ := dirBytes(t, dir); got > full/2 || got != h2.DiskBytes() {
		t.Errorf("after a restart with cap %d the files hold %d bytes (index %d)", full/2, got, h2.DiskBytes())
	}
	if _, err := os.Stat(filepath.Join(dir, ".tmp-123")); !os.IsNotExist(err) {
		t.Error("a leftover temporary file was kept")
	}
}
