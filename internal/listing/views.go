package listing

import (
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"strconv"
	"time"

	"forecourt/internal/catalog"
)

// ViewCheck is what a car page's view call (GET /api/cars/{slug}/view.json,
// docs/behaviour/calls.md) says of the copy of the car the page shows: its
// photos_count and updated_at, when given.
type ViewCheck struct {
	photos     int
	hasPhotos  bool
	updated    time.Time
	hasUpdated bool
}

// ParseViewCheck reads the view call's query; a value it cannot read is
// an invalid error naming its field.
func ParseViewCheck(q url.Values) (ViewCheck, error) {
	var v ViewCheck
	fields := map[string]string{}
	if v.hasPhotos = q.Get("photos_count") != ""; v.hasPhotos {
		n, err := strconv.Atoi(q.Get("photos_count"))
		if err != nil || n < 0 {
			fields["photos_count"] = "photos_count must be a whole number of photos."
		}
		v.photos = n
	}
	if v.hasUpdated = q.Get("updated_at") != ""; v.hasUpdated {
		t, ok := parseViewTime(q.Get("updated_at"))
		if !ok {
			fields["updated_at"] = "updated_at must be a date and time (RFC 3339) or Unix seconds."
		}
		v.updated = t
	}
	if len(q.Get("website_id")) > 100 {
		fields["website_id"] = "website_id is too long."
	}
	if len(fields) > 0 {
		return ViewCheck{}, &catalog.Error{Code: catalog.EInvalid, Message: "Please check the view details.", Fields: fields}
	}
	return v, nil
}

// Stale reports whether the page's copy differs from car: its photos_count
// or updated_at (to the second) is not the car's.
func (v ViewCheck) Stale(car catalog.Car) bool {
	return (v.hasPhotos && v.photos != car.PhotosCount) ||
		(v.hasUpdated && !car.UpdatedAt.IsZero() && v.updated.Unix() != car.UpdatedAt.Unix())
}

func parseViewTime(v string) (time.Time, bool) {
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		return time.Unix(n, 0), true
	}
	for _, layout := range []string{time.RFC3339Nano, time.RFC3339} {
		if t, err := time.Parse(layout, v); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// VisitorKey is an opaque key of a visitor's address on a site: what the
// store keeps to count a view once, never the address itself.
func VisitorKey(site, addr string) string {
	sum := sha256.Sum256([]byte(site + "\x00" + addr))
	return hex.EncodeToString(sum[:16])
}
