package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/demo"
	"forecourt/internal/httpapi"
	"forecourt/internal/media"
)

// newImageApp is the demo sites with the image service caching on disk
// under dir, up to diskCap bytes, and nothing in memory (every repeat is a
// disk read, so the disk cache's contents show).
func newImageApp(t testing.TB, diskCap int64) (*testApp, *media.Handler, string) {
	t.Helper()
	ref := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	reg, st := demoStore(t, ref)
	dir := t.TempDir()
	m := media.NewLimited(dir, 0, diskCap)
	h, srv := serve(t, &httpapi.Server{Sites: reg, Store: st, Web: webApp, Media: m,
		Pages: corePages(t)})
	return &testApp{srv: srv, handler: h, data: generated(ref)}, m, dir
}

// cacheState is the disk cache's files and their total size.
func cacheState(t testing.TB, dir string) (files int, total int64) {
	t.Helper()
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				files++
				total += info.Size()
			}
		}
		return nil
	})
	return files, total
}

// spinCar is a car of the site with 360 frames and at least four photos.
func spinCar(t testing.TB, s demo.Site) catalog.Car {
	t.Helper()
	for _, c := range s.Cars {
		if len(c.SpinImages) > 0 && len(c.Images) >= 4 {
			return c
		}
	}
	t.Fatalf("%s has no car with 360 frames", s.Slug)
	return catalog.Car{}
}

// A picture the site shows is drawn; a made-up car, frame, colour, body,
// size or logo is a 404 that leaves the disk cache as it was.
func TestOnlyTheSitesOwnPicturesAreDrawn(t *testing.T) {
	t.Parallel()
	app, _, dir := newImageApp(t, 64<<20)
	s := app.site("harbourside-toyota")
	host := s.Slug + ".localhost"
	car := spinCar(t, s)
	loc := s.Locations[0]

	photo := car.Images[0].URL // /img/car/{id}/{body}/{colour}/{angle}.jpg
	parts := strings.Split(strings.TrimSuffix(photo, ".jpg"), "/")
	id, body, colour := parts[3], parts[4], parts[5]
	angles := map[int]bool{}
	for _, u := range append(car.SpinImages, photo) {
		p := strings.Split(strings.TrimSuffix(strings.SplitN(u, "?", 2)[0], ".jpg"), "/")
		a, _ := strconv.Atoi(p[len(p)-1])
		angles[a] = true
	}
	unused := 0
	for angles[unused] {
		unused++
	}
	otherBody := "ute"
	if body == "ute" {
		otherBody = "van"
	}
	var foreign string // another site's car photo
	for _, c := range app.site("metro-used-cars").Cars {
		if len(c.Images) > 0 && !slices.ContainsFunc(s.Cars, func(x catalog.Car) bool { return x.ID == c.ID }) {
			foreign = c.Images[0].URL
			break
		}
	}

	for _, u := range []string{
		photo + "?w=600&q=75",
		car.Images[1].Thumb.URL,
		car.PrimaryImageURL,
		car.SpinImages[len(car.SpinImages)-1] + "?w=900&q=75",
		fmt.Sprintf("/img/map/%d.jpg?w=800", loc.ID),
		loc.Image.URL + "?w=400",
		"/img/make/toyota.png?w=160",
		"/img/body/" + strings.ToLower(car.Body) + ".png",
	} {
		if res, body := app.get(t, host, u); res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "image/") {
			t.Errorf("%s: status %d %q: %.80s", u, res.StatusCode, res.Header.Get("Content-Type"), body)
		}
	}
	files, total := cacheState(t, dir)
	if files == 0 {
		t.Fatal("nothing was cached on disk")
	}

	for _, u := range []string{
		"/img/car/987654321/" + body + "/" + colour + "/0.jpg",            // no such car
		fmt.Sprintf("/img/car/%s/%s/%s/%d.jpg", id, body, colour, unused), // a frame the car has not
		fmt.Sprintf("/img/car/%s/%s/%s/0.jpg", id, body, "000001"),        // another colour
		fmt.Sprintf("/img/car/%s/%s/%s/0.jpg", id, otherBody, colour),     // another body
		fmt.Sprintf("/img/car/%s/%s/%s/0.jpg", id, strings.ToUpper(body), colour),
		fmt.Sprintf("/img/interior/%s/%s.jpg", id, "000001"),
		foreign,           // another site's car
		photo + "?w=601",  // a width no page uses
		photo + "?w=64",   //
		photo + "?w=5000", //
		photo + "?q=50",   // a quality no page uses
		photo + "?w=abc",  //
		"/img/make/no-such-make.png",
		"/img/body/spaceship.png",
		"/img/banner/1/000001.jpg",
		"/img/location/987654.jpg",
		"/img/map/987654.jpg",
		"/img/unknown/1.jpg",
	} {
		res, _ := app.get(t, host, u)
		if res.StatusCode != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", u, res.StatusCode)
		}
	}
	if f, tot := cacheState(t, dir); f != files || tot != total {
		t.Errorf("404s changed the disk cache: %d files, %d bytes; was %d, %d", f, tot, files, total)
	}
}

// The trade-in form shows the logo of any make its list offers: each one's
// logo is drawn on a site with the form, by either spelling of its name.
func TestEveryTradeInMakeLogoIsServed(t *testing.T) {
	t.Parallel()
	app, _, _ := newImageApp(t, 64<<20)
	for _, slug := range []string{"summit-motor-group", "harbourside-toyota"} {
		host := slug + ".localhost"
		var opts struct {
			Makes []struct{ Make string } `json:"makes"`
		}
		if res, body := app.get(t, host, "/api/trade-in/options"); res.StatusCode != http.StatusOK || json.Unmarshal([]byte(body), &opts) != nil {
			t.Fatalf("%s trade-in options: %d %.200s", slug, res.StatusCode, body)
		}
		if len(opts.Makes) < 120 {
			t.Fatalf("%s: the trade-in form lists %d makes", slug, len(opts.Makes))
		}
		for _, m := range opts.Makes {
			for _, name := range []string{logoSlug(m.Make), strings.Join(strings.Fields(strings.ToLower(m.Make)), "-")} {
				u := "/img/make/" + name + ".png?w=160"
				if res, _ := app.get(t, host, u); res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/png" {
					t.Errorf("%s: %s (%s): status %d", slug, u, m.Make, res.StatusCode)
				}
			}
		}
	}
}

// logoSlug is the app's name for a make logo (web: components/make-logo.tsx).
func logoSlug(make string) string {
	s := strings.ReplaceAll(strings.ToLower(make), "&", "")
	return strings.Trim(regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(s, "-"), "-")
}

var imgURL = regexp.MustCompile(`/img/[^"'\s,]+`)

// Every picture the server names, in the site config, a car page's preload
// and the home page's banner preload, is one it draws.
func TestEveryPictureThePagesNameIsServed(t *testing.T) {
	t.Parallel()
	app, _, _ := newImageApp(t, 64<<20)
	for _, slug := range []string{"harbourside-toyota", "summit-motor-group"} {
		s := app.site(slug)
		host := slug + ".localhost"
		car := spinCar(t, s)
		seen := map[string]bool{}
		for _, page := range []string{"/api/site", "/", "/cars/" + car.Slug} {
			_, body := app.get(t, host, page)
			for _, u := range imgURL.FindAllString(html.UnescapeString(body), -1) {
				seen[u] = true
			}
		}
		if len(seen) < 5 {
			t.Fatalf("%s: only %d picture addresses found: %v", slug, len(seen), seen)
		}
		for u := range seen {
			if res, _ := app.get(t, host, u); res.StatusCode != http.StatusOK {
				t.Errorf("%s%s: status %d", host, u, res.StatusCode)
			}
		}
	}
}

// With a tiny cap, drawing more than its worth keeps the cache under it,
// and the most recent pictures are the ones on disk.
func TestImageDiskCacheKeepsUnderItsCap(t *testing.T) {
	t.Parallel()
	probe, _, _ := newImageApp(t, 64<<20)
	s := probe.site("harbourside-toyota")
	host := s.Slug + ".localhost"
	var urls []string
	for _, c := range s.Cars {
		if len(c.Images) > 0 {
			urls = append(urls, c.Images[0].URL+"?w=240")
		}
		if len(urls) == 16 {
			break
		}
	}
	res, one := probe.get(t, host, urls[0])
	if res.StatusCode != http.StatusOK {
		t.Fatal(res.StatusCode)
	}
	limit := int64(len(one) * 4)

	app, m, dir := newImageApp(t, limit)
	var last [][]byte
	for _, u := range urls {
		res, body := app.get(t, host, u)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d", u, res.StatusCode)
		}
		if _, total := cacheState(t, dir); total > limit {
			t.Fatalf("the cache holds %d bytes, cap %d", total, limit)
		}
		last = append(last, []byte(body))
	}
	files, total := cacheState(t, dir)
	if files >= len(urls) || total != m.DiskBytes() {
		t.Errorf("%d files of %d pictures, %d bytes (index %d)", files, len(urls), total, m.DiskBytes())
	}
	onDisk := func(b []byte) bool {
		found := false
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				if f, _ := os.ReadFile(p); bytes.Equal(f, b) {
					found = true
				}
			}
			return nil
		})
		return found
	}
	for i := len(last) - 2; i < len(last); i++ {
		if !onDisk(last[i]) {
			t.Errorf("picture %d of %d, one of the most recent, is not in the cache", i+1, len(last))
		}
		if res, body := app.get(t, host, urls[i]); res.StatusCode != http.StatusOK || !bytes.Equal([]byte(body), last[i]) {
			t.Errorf("%s: status %d on the second request", urls[i], res.StatusCode)
		}
	}
	if onDisk(last[0]) {
		t.Error("the oldest picture is still in the cache")
	}
}
