package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gen2brain/avif"
	"github.com/gen2brain/webp"

	"forecourt/internal/phototest"
)

// dealerPhotos is a dealer's photo server as a feed of 10 cars with 6
// photos each names them (enough for every kind of photo below; how fast
// photos are taken in is the photo benchmarks' to measure, on a camera's
// 3000×2000): 1200×800 JPEGs, wider than any card, a few from a phone (EXIF
// orientation 6 and GPS), one PNG named .jpg, one of 60 megapixels and
// one that redirects to a loopback address. It counts what it is asked.
type dealerPhotos struct {
	base   []byte
	asked  atomic.Int64
	loop   string // where the redirect points
	phone  map[string]bool
	pngJPG []byte
}

const (
	photoCars     = 10
	photosPerCar  = 6
	pngPhoto      = "/p/1-2.jpg"
	hugePhoto     = "/p/2-3.jpg"
	metadataPhoto = "http://169.254.169.254/latest/meta-data/p/3-4.jpg"
	redirectPhoto = "/p/4-5.jpg"
)

func newDealerPhotos(t *testing.T) *dealerPhotos {
	img, _, err := image.Decode(bytes.NewReader(phototest.Camera(1200, 800, 9)))
	if err != nil {
		t.Fatal(err)
	}
	var pngBytes bytes.Buffer
	if err := png.Encode(&pngBytes, img); err != nil {
		t.Fatal(err)
	}
	return &dealerPhotos{
		base:   phototest.Camera(1200, 800, 1),
		phone:  map[string]bool{"/p/0-1.jpg": true, "/p/0-2.jpg": true, "/p/7-0.jpg": true},
		pngJPG: pngBytes.Bytes(),
	}
}

func (d *dealerPhotos) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	d.asked.Add(1)
	var car, k int
	if _, err := fmt.Sscanf(r.URL.Path, "/p/%d-%d.jpg", &car, &k); err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "image/jpeg") // whatever the bytes are
	switch {
	case r.URL.Path == pngPhoto:
		w.Write(d.pngJPG)
	case r.URL.Path == hugePhoto:
		w.Write(phototest.Huge(10000, 6000))
	case r.URL.Path == redirectPhoto:
		http.Redirect(w, r, d.loop+"/p/0-0.jpg", http.StatusFound)
	case d.phone[r.URL.Path]:
		w.Write(phototest.WithExif(phototest.Variant(d.base, car*photosPerCar+k), 6))
	default:
		w.Write(phototest.Variant(d.base, car*photosPerCar+k))
	}
}

// feed is the dealer's export naming every car's photos on base.
func (d *dealerPhotos) feed(base string) string {
	var b strings.Builder
	b.WriteString("Stock No,Condition,Year,Make,Model,Variant,Retail Price,Odometer,Body Type,Branch,Photo URLs\n")
	for i := range photoCars {
		var urls []string
		for k := range photosPerCar {
			u := fmt.Sprintf("%s/p/%d-%d.jpg", base, i, k)
			if u == base+strings.TrimPrefix(metadataPhoto, "http://169.254.169.254/latest/meta-data") {
				u = metadataPhoto
			}
			urls = append(urls, u)
		}
		fmt.Fprintf(&b, "CMK%03d,Used,%d,Mazda,CX-5,Touring,$%d,%d,SUV,%s,%s\n", i, 2018+i%6, 25990+i*500, 20000+i*900,
			[]string{"GOS", "TUG"}[i%2], strings.Join(urls, "|"))
	}
	return b.String()
}

// TestDealerPhotosTakenInOnce: a feed of 10 cars × 6 dealer photos is
// imported by a serve allowed (by the site's own file) to fetch from the
// dealer's private photo host, and nothing else private. Every good photo
// becomes the site's own, the bad ones are failed with their reasons, the
// pictures come as WebP at a card's width, upright and with no EXIF, the
// pages never send a buyer to the dealer's server, and with that server
// stopped every page still shows every photo.
func TestDealerPhotosTakenInOnce(t *testing.T) {
	t.Parallel()
	needBuiltApp(t)
	photos := newDealerPhotos(t)
	// The dealer's photo host is 127.0.0.2, a private address: the site
	// file allows it. The redirect goes to 127.0.0.1, which it does not.
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("no second loopback address to serve the dealer's photos from: %v", err)
	}
	photoSrv := httptest.NewUnstartedServer(photos)
	photoSrv.Listener = ln
	photoSrv.Start()
	defer photoSrv.Close()
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { t.Errorf("the loopback address was fetched: %s", r.URL) }))
	defer other.Close()
	photos.loop = other.URL

	feedSrv := &feedServer{}
	feedSrv.set(photos.feed(photoSrv.URL))
	source := httptest.NewServer(feedSrv)
	defer source.Close()

	dir := t.TempDir()
	site := coastalSite(source.URL+"/stock.csv", "02 4321 1000") + "  photo_allow_hosts:\n    - 127.0.0.2\n"
	// Gosford's picture is on the dealer's photo host too.
	site = strings.Replace(site, "    main: true\n", "    main: true\n    picture: "+photoSrv.URL+"/p/90-0.jpg\n", 1)
	if err := os.WriteFile(filepath.Join(dir, "coastal-mazda-kia.yaml"), []byte(site), 0o644); err != nil {
		t.Fatal(err)
	}
	admin := freePort(t)
	port := startServe(t, nil, "--data", t.TempDir(), "--tenants", dir, "--admin-addr", admin)
	const host = "coastal-mazda-kia.localhost"

	// Every photo is taken in once: the good ones fetched, three failed.
	type report struct {
		Slug   string `json:"slug"`
		Photos struct {
			Waiting int            `json:"waiting"`
			Fetched int            `json:"fetched"`
			Failed  int            `json:"failed"`
			Reasons map[string]int `json:"failed_reasons"`
		} `json:"photos"`
	}
	var got report
	eventually(t, 4*time.Minute, "every photo is fetched or failed", func() error {
		var sites []report
		res, err := http.Get("http://" + admin + "/admin/sites")
		if err != nil {
			return err
		}
		defer res.Body.Close()
		if err := json.NewDecoder(res.Body).Decode(&sites); err != nil {
			return err
		}
		for _, s := range sites {
			if s.Slug == "coastal-mazda-kia" {
				got = s
				if s.Photos.Fetched+s.Photos.Failed == photoCars*photosPerCar+1 { // and Gosford's picture
					return nil
				}
				return fmt.Errorf("%+v", s.Photos)
			}
		}
		return fmt.Errorf("no report of the site in %+v", sites)
	})
	if got.Photos.Fetched != photoCars*photosPerCar+1-3 || got.Photos.Failed != 3 {
		t.Errorf("photos %+v, want all but 3 fetched", got.Photos)
	}
	for _, want := range []string{"60 megapixels", "169.254.169.254", "127.0.0.1"} {
		found := false
		for reason := range got.Photos.Reasons {
			found = found || strings.Contains(reason, want)
		}
		if !found {
			t.Errorf("no failure reason names %q: %v", want, got.Photos.Reasons)
		}
	}
	// The location's picture is taken in like the cars' photos.
	eventually(t, time.Minute, "Gosford's picture is the site's own", func() error {
		var cfg struct {
			Locations []struct {
				Name  string `json:"name"`
				Image struct {
					URL string `json:"url"`
				} `json:"image"`
			} `json:"locations"`
		}
		if _, err := fetchJSON(port, host, "/api/site", &cfg); err != nil {
			return err
		}
		for _, l := range cfg.Locations {
			if strings.HasSuffix(l.Name, "Gosford") {
				if !strings.HasPrefix(l.Image.URL, "/img/photo/") {
					return fmt.Errorf("Gosford's picture is %q", l.Image.URL)
				}
				return nil
			}
		}
		return fmt.Errorf("no Gosford in %+v", cfg.Locations)
	})
	askedAfterIntake := photos.asked.Load()

	// Every car shows its good photos, all at the site's own address.
	var slugs []string
	for page := 1; len(slugs) < photoCars && page <= 5; page++ {
		var search searchAnswer
		if _, err := fetchJSON(port, host, fmt.Sprintf("/api/search?path=/search/used-cars&page=%d", page), &search); err != nil || search.Count != photoCars {
			t.Fatalf("search: %d cars (%v)", search.Count, err)
		}
		for _, h := range search.Hits {
			slugs = append(slugs, h.Slug)
		}
	}
	type carAnswer struct {
		Car struct {
			Slug            string `json:"slug"`
			StockNumber     string `json:"stocknum"`
			PrimaryImageURL string `json:"primary_image_url"`
			Images          []struct {
				URL string `json:"url"`
			} `json:"images"`
		} `json:"car"`
	}
	cars := map[string]carAnswer{}
	for _, slug := range slugs {
		var c carAnswer
		if _, err := fetchJSON(port, host, "/api/cars/"+slug, &c); err != nil {
			t.Fatal(err)
		}
		cars[c.Car.StockNumber] = c
		want := photosPerCar
		if c.Car.StockNumber >= "CMK002" && c.Car.StockNumber <= "CMK004" {
			want-- // the 60-megapixel photo, the metadata address, the redirect
		}
		if len(c.Car.Images) != want {
			t.Errorf("%s shows %d photos, want %d", c.Car.StockNumber, len(c.Car.Images), want)
		}
		for _, im := range c.Car.Images {
			if !strings.HasPrefix(im.URL, "/img/photo/") {
				t.Errorf("%s shows %q, not the site's own address", c.Car.StockNumber, im.URL)
			}
		}
	}

	// Each car's card picture, and every photo that came from a phone or
	// as a PNG, is WebP (or AVIF, where smaller) at a card's width,
	// upright, with no EXIF. The cards are asked for as by a browser that
	// takes WebP only (the AVIF a browser that takes it may get is drawn
	// from the same picture, and encoding it costs most of the test's
	// CPU); the phone's photos and the PNG as by one that takes AVIF.
	check := func(stock string, index int, wantW, wantH int, accept string) {
		t.Helper()
		c, ok := cars[stock]
		if !ok || index >= len(c.Car.Images) {
			t.Fatalf("no photo %d of %s", index, stock)
		}
		body, ctype := getImageAs(t, port, host, c.Car.Images[index].URL+"?w=400", accept)
		decode := map[string]func(io.Reader) (image.Config, error){"image/webp": webp.DecodeConfig, "image/avif": avif.DecodeConfig}[ctype]
		if decode == nil {
			t.Fatalf("%s photo %d: %s", stock, index, ctype)
		}
		cfg, err := decode(bytes.NewReader(body))
		if err != nil || cfg.Width != wantW || cfg.Height != wantH {
			t.Errorf("%s photo %d drawn %dx%d (%v), want %dx%d", stock, index, cfg.Width, cfg.Height, err, wantW, wantH)
		}
		for _, meta := range []string{"EXIF", "Exif", "XMP ", "WGS-84", "II*\x00"} {
			if bytes.Contains(body, []byte(meta)) {
				t.Errorf("%s photo %d carries %q", stock, index, meta)
			}
		}
	}
	for i := range photoCars {
		stock := fmt.Sprintf("CMK%03d", i)
		if i == 7 {
			check(stock, 0, 400, 600, webpOnly) // a phone's photo, turned upright
			continue
		}
		check(stock, 0, 400, 266, webpOnly)
	}
	check("CMK000", 1, 400, 600, chromeAccept)
	check("CMK000", 2, 400, 600, chromeAccept)
	check("CMK001", 2, 400, 266, chromeAccept) // the PNG named .jpg

	// A buyer's pages name no address of the dealer's and ask nothing of
	// its server; with the server stopped they still show every photo.
	photoHost := strings.TrimPrefix(photoSrv.URL, "http://")
	pages := []string{"/search/used-cars", "/cars/" + cars["CMK000"].Car.Slug, "/cars/" + cars["CMK007"].Car.Slug}
	for _, p := range pages {
		code, page := getPage(t, "127.0.0.1:"+port, host, p)
		if code != 200 || strings.Contains(page, photoHost) || strings.Contains(page, "169.254.169.254") {
			t.Errorf("%s: %d, or it names the dealer's photo server", p, code)
		}
	}
	if n := photos.asked.Load(); n != askedAfterIntake {
		t.Errorf("buyers' pages and pictures asked the dealer's server %d times", n-askedAfterIntake)
	}
	photoSrv.Close()
	for _, p := range pages[1:] {
		_, page := getPage(t, "127.0.0.1:"+port, host, p)
		c := cars["CMK000"]
		if p == pages[2] {
			c = cars["CMK007"]
		}
		for _, im := range c.Car.Images {
			if !strings.Contains(page, im.URL) {
				t.Errorf("with the dealer's server stopped, %s lacks %s", p, im.URL)
			}
		}
		if _, ctype := getImage(t, port, host, c.Car.Images[len(c.Car.Images)-1].URL+"?w=800"); ctype != "image/webp" && ctype != "image/avif" {
			t.Errorf("with the dealer's server stopped, a photo of %s is %s", p, ctype)
		}
	}
}

// What Chromium sends when it asks for a picture, and what a browser that
// takes WebP and not AVIF sends.
const (
	chromeAccept = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"
	webpOnly     = "image/webp,*/*"
)

// getImage asks for a picture as Chromium does; it fails the test on
// anything but 200.
func getImage(t *testing.T, port, host, path string) ([]byte, string) {
	t.Helper()
	return getImageAs(t, port, host, path, chromeAccept)
}

// getImageAs is getImage with the browser's Accept header.
func getImageAs(t *testing.T, port, host, path, accept string) ([]byte, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", "http://127.0.0.1:"+port+path, nil)
	req.Host = host
	req.Header.Set("Accept", accept)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("%s: %d %s", path, res.StatusCode, body)
	}
	return body, res.Header.Get("Content-Type")
}
