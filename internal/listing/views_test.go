package listing

import (
	"net/url"
	"testing"
	"time"

	"forecourt/internal/catalog"
)

// A page's copy is stale when its photo count or its update time differs
// from the car's; a value that cannot be read is refused by name.
func TestViewCheck(t *testing.T) {
	t.Parallel()
	car := catalog.Car{PhotosCount: 3, UpdatedAt: time.Unix(1_700_000_000, 0)}
	for raw, stale := range map[string]bool{
		"": false, "photos_count=3": false, "photos_count=4": true,
		"updated_at=1700000000": false, "updated_at=2023-11-14T22:13:20Z": false, "updated_at=1700000001": true,
	} {
		q, _ := url.ParseQuery(raw)
		v, err := ParseViewCheck(q)
		if err != nil {
			t.Fatalf("%q: %v", raw, err)
		}
		if v.Stale(car) != stale {
			t.Errorf("%q: stale %v, want %v", raw, !stale, stale)
		}
	}
	q, _ := url.ParseQuery("photos_count=-1&updated_at=soon")
	_, err := ParseViewCheck(q)
	var ce *catalog.Error
	if e, ok := err.(*catalog.Error); ok {
		ce = e
	}
	if ce == nil || ce.Fields["photos_count"] == "" || ce.Fields["updated_at"] == "" {
		t.Errorf("bad values: %v, want both fields named", err)
	}
	if VisitorKey("a", "203.0.113.9") == VisitorKey("b", "203.0.113.9") || len(VisitorKey("a", "x")) != 32 {
		t.Error("a visitor's key must differ per site and be 16 bytes of hex")
	}
}
