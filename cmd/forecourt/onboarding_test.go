package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gen2brain/webp"

	"forecourt/internal/photos"
	"forecourt/internal/photos/s3test"
	"forecourt/internal/store/postgres/postgrestest"
)

// A site that is not the one being put live: serve needs one file to start.
const firstSite = `slug: first-motors
name: First Motors
country: AU
currency: AUD
timezone: Australia/Brisbane
theme:
  colors: {primary: "#1d4ed8", primary-foreground: "#ffffff", header: "#ffffff", header-foreground: "#111827"}
`

// coastalSite is a new dealer group as an operator writes it from
// docs/onboarding.md (testdata/coastal-mazda-kia.yaml, which the browser
// journeys share): one dealership, two locations, its feed pulled on a
// schedule with the dealer's own column names.
func coastalSite(feedURL, gosfordPhone string) string {
	b, err := os.ReadFile(filepath.Join("testdata", "coastal-mazda-kia.yaml"))
	if err != nil {
		panic(err) // the file is part of the package
	}
	return strings.NewReplacer("{{feed_url}}", feedURL, "{{gosford_phone}}", gosfordPhone).Replace(string(b))
}

// dealerFeed is the dealer management system's export: its own column
// names, a text Variant, a POA price, a row naming no branch.
func dealerFeed(rows int) string { return dealerFeedWithPhotos(rows, "") }

// dealerFeedWithPhotos names two photos on photoBase for each of the
// first three cars ("" names none).
func dealerFeedWithPhotos(rows int, photoBase string) string {
	var b strings.Builder
	b.WriteString("Stock No,Condition,Year,Make,Model,Variant,Retail Price,Odometer,Body Type,Branch,Photo URLs\n")
	models := []string{"CX-5", "CX-30", "BT-50", "Sportage", "Cerato"}
	for i := range rows {
		price := fmt.Sprintf("$%d", 21990+i*1000)
		if i == 1 {
			price = "POA"
		}
		branch := []string{"GOS", "TUG"}[i%2]
		if i == 2 {
			branch = ""
		}
		mk := "Mazda"
		if i%5 >= 3 {
			mk = "Kia"
		}
		photos := ""
		if photoBase != "" && i < 3 {
			photos = fmt.Sprintf("%s/photos/%d-1.jpg|%s/photos/%d-2.jpg", photoBase, i, photoBase, i)
		}
		fmt.Fprintf(&b, "CMK%03d,Used,%d,%s,%s,Touring,%s,%d,SUV,%s,%s\n", i, 2018+i%6, mk, models[i%5], price, 20000+i*1500, branch, photos)
	}
	return b.String()
}

// feedServer serves the feed with an ETag and counts its requests.
type feedServer struct {
	mu       sync.Mutex
	body     string
	requests atomic.Int64
	photos   atomic.Int64 // photo requests
}

func (f *feedServer) set(body string) { f.mu.Lock(); f.body = body; f.mu.Unlock() }

func (f *feedServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/photos/") {
		f.photos.Add(1)
		img := image.NewRGBA(image.Rect(0, 0, 1200, 800))
		for y := range 800 {
			for x := range 1200 {
				img.Set(x, y, color.RGBA{uint8(x / 5), uint8(y / 4), uint8(len(r.URL.Path) * 9), 255})
			}
		}
		w.Header().Set("Content-Type", "image/jpeg")
		_ = jpeg.Encode(w, img, &jpeg.Options{Quality: 85})
		return
	}
	f.requests.Add(1)
	f.mu.Lock()
	body := f.body
	f.mu.Unlock()
	etag := fmt.Sprintf(`"%x"`, len(body)*31+strings.Count(body, "\n"))
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Header().Set("ETag", etag)
	w.Header().Set("Content-Type", "text/csv")
	io.WriteString(w, body)
}

// eventually retries check until it passes or the limit runs out.
func eventually(t *testing.T, limit time.Duration, what string, check func() error) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		err := check()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %s: %v", what, limit, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func fetchJSON(port, host, path string, v any) (int, error) {
	req, _ := http.NewRequest("GET", "http://127.0.0.1:"+port+path, nil)
	req.Host = host
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if v != nil && res.StatusCode == 200 {
		if err := json.NewDecoder(res.Body).Decode(v); err != nil {
			return res.StatusCode, err
		}
	}
	return res.StatusCode, nil
}

func freePort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

type searchAnswer struct {
	Count int `json:"count"`
	Hits  []struct {
		ID           int64  `json:"id"`
		Slug         string `json:"slug"`
		LocationName string `json:"location_name"`
		DistanceKM   *int   `json:"distance_km"`
	} `json:"hits"`
}

type siteAnswer struct {
	Locations []struct {
		ID            int64  `json:"id"`
		Name          string `json:"name"`
		Phone         string `json:"phone"`
		ContactDetail struct {
			OpeningHours []struct {
				Status string `json:"status"`
			} `json:"opening_hours"`
		} `json:"contact_detail"`
	} `json:"locations"`
}

// TestOperatorPutsADealerLive walks docs/onboarding.md from a clean data
// directory: a running serve picks up a new site file, pulls its feed on
// schedule, and the site works at its own locations; a truncated feed
// sells nothing; a phone changed in the file shows at once.
func TestOperatorPutsADealerLive(t *testing.T) {
	t.Parallel()
	needBuiltApp(t)
	feedSrv := &feedServer{}
	source := httptest.NewServer(feedSrv)
	defer source.Close()
	feedSrv.set(dealerFeedWithPhotos(20, source.URL))

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "first-motors.yaml"), []byte(firstSite), 0o644); err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	admin := freePort(t)
	port := startServe(t, nil, "--data", data, "--tenants", dir, "--admin-addr", admin, "--photo-allow-hosts", "127.0.0.1")
	const host = "coastal-mazda-kia.localhost"
	if code, _ := fetchJSON(port, host, "/api/site", nil); code != 404 {
		t.Fatalf("the new site answers %d before its file exists", code)
	}
	// A new deployment has no demo stock.
	if code, _ := fetchJSON(port, "harbourside-toyota.localhost", "/api/site", nil); code != 404 {
		t.Fatalf("a demo site answers %d on a deployment's own sites", code)
	}

	// The operator adds the site's file: no restart.
	if err := os.WriteFile(filepath.Join(dir, "coastal-mazda-kia.yaml"), []byte(coastalSite(source.URL+"/stock.csv", "02 4321 1000")), 0o644); err != nil {
		t.Fatal(err)
	}
	var site siteAnswer
	eventually(t, 5*time.Second, "the new site answers with its locations", func() error {
		site = siteAnswer{}
		code, err := fetchJSON(port, host, "/api/site", &site)
		if err == nil && (code != 200 || len(site.Locations) != 2) {
			err = fmt.Errorf("status %d, %d locations", code, len(site.Locations))
		}
		return err
	})
	for _, l := range site.Locations {
		if len(l.ContactDetail.OpeningHours) != 7 || l.ContactDetail.OpeningHours[1].Status != "Open" {
			t.Errorf("%s hours %+v", l.Name, l.ContactDetail.OpeningHours)
		}
	}

	// The feed is pulled by schedule and its cars listed at their locations.
	var all searchAnswer
	eventually(t, 5*time.Second, "the feed's cars are listed", func() error {
		all = searchAnswer{}
		_, err := fetchJSON(port, host, "/api/search?path=/search/used-cars", &all)
		if err == nil && all.Count != 20 {
			err = fmt.Errorf("%d cars listed", all.Count)
		}
		return err
	})
	at := map[string]string{}
	var poa, tugCar = -1.0, ""
	for _, h := range all.Hits {
		var c struct {
			Car struct {
				StockNum string  `json:"stocknum"`
				Price    float64 `json:"price"`
			} `json:"car"`
		}
		if code, err := fetchJSON(port, host, "/api/cars/"+h.Slug, &c); code != 200 || err != nil {
			t.Fatalf("car %s: %d %v", h.Slug, code, err)
		}
		at[c.Car.StockNum] = h.LocationName
		if c.Car.StockNum == "CMK001" {
			poa = c.Car.Price
		}
		if h.LocationName == "Coastal Mazda Kia Tuggerah" && tugCar == "" {
			tugCar = h.Slug
		}
	}
	if at["CMK000"] != "Coastal Mazda Kia Gosford" || at["CMK003"] != "Coastal Mazda Kia Tuggerah" {
		t.Errorf("cars not at their branches: %v", at)
	}
	if at["CMK002"] != "Coastal Mazda Kia Gosford" {
		t.Errorf("a row naming no branch is at %q, want the main location", at["CMK002"])
	}
	if poa != 0 {
		t.Errorf("the POA car's price is %v, want none (0)", poa)
	}

	checkFeedPhotos(t, port, host, feedSrv)

	// Delivery quote, distance search and test-drive times work at the
	// configured locations.
	var quote struct {
		Name  string  `json:"name"`
		Price float64 `json:"price"`
	}
	if code, err := fetchJSON(port, host, "/api/delivery-quote?postcode=2250&car="+tugCar, &quote); code != 200 || err != nil || quote.Name == "" {
		t.Errorf("delivery quote: %d %v %+v", code, err, quote)
	}
	var near searchAnswer
	if code, err := fetchJSON(port, host, "/api/search?path=/search/used-cars&postcode=2250&distance=50", &near); code != 200 || err != nil || near.Count != 20 {
		t.Errorf("distance search: %d %v, %d cars", code, err, near.Count)
	}
	var slots map[string]any
	tomorrow := time.Now().AddDate(0, 0, 1).Format("2006-01-02")
	code, err := fetchJSON(port, host, fmt.Sprintf("/api/appointments?location_id=%d&date=%s", site.Locations[0].ID, tomorrow), &slots)
	if code != 200 || err != nil || len(slots) == 0 {
		t.Errorf("test-drive times: %d %v %v", code, err, slots)
	}

	// A lead for a Tuggerah car is stored for the site's dealership.
	var car struct {
		Car struct {
			ID             int64  `json:"id"`
			DealershipSlug string `json:"dealership_slug"`
			LocationID     int64  `json:"location_id"`
		} `json:"car"`
	}
	if code, err := fetchJSON(port, host, "/api/cars/"+tugCar, &car); code != 200 || err != nil || car.Car.DealershipSlug != "coastal-mazda-kia" {
		t.Fatalf("car %s: %d %v %+v", tugCar, code, err, car)
	}
	lead := fmt.Sprintf(`{"category":"enquiry","subcategory":"General Enquiry","name":"Sam","last_name":"Buyer","email":"sam@example.com","phone":"0412345678","message":"Is it still there?","car_id":%d}`, car.Car.ID)
	req, _ := http.NewRequest("POST", "http://127.0.0.1:"+port+"/api/leads", strings.NewReader(lead))
	req.Host = host
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 201 {
		t.Fatalf("lead: %d %s", res.StatusCode, body)
	}
	st := openTestStore(t, data)
	leads, err := st.Leads(context.Background(), "coastal-mazda-kia", time.Time{})
	st.Close()
	if err != nil || len(leads) != 1 || leads[0].DealershipSlug != "coastal-mazda-kia" || leads[0].LocationID != car.Car.LocationID || car.Car.LocationID == 0 {
		t.Errorf("the lead is not routed to the car's dealership and location (%d): %+v %v", car.Car.LocationID, leads, err)
	}

	// A feed cut off after 2 rows sells nothing and is reported suspect.
	feedSrv.set(dealerFeedWithPhotos(2, source.URL))
	var report struct {
		ConfigHash string
		Sites      []struct {
			Slug          string `json:"slug"`
			CarsListed    int    `json:"cars_listed"`
			Locations     int    `json:"locations"`
			LeadsReceived int    `json:"leads_received"`
			Feed          struct {
				Suspect bool `json:"suspect"`
				Rows    int  `json:"rows"`
			} `json:"feed"`
		} `json:"sites"`
	}
	eventually(t, 5*time.Second, "the truncated feed is reported suspect", func() error {
		report.Sites = nil
		res, err := http.Get("http://" + admin + "/admin/sites")
		if err != nil {
			return err
		}
		defer res.Body.Close()
		if err := json.NewDecoder(res.Body).Decode(&report.Sites); err != nil {
			return err
		}
		report.ConfigHash = res.Header.Get("X-Config-Hash")
		for _, s := range report.Sites {
			if s.Slug == "coastal-mazda-kia" && s.Feed.Suspect && s.Feed.Rows == 2 {
				if s.CarsListed != 20 || s.Locations != 2 || s.LeadsReceived != 1 {
					return fmt.Errorf("suspect, but %+v", s)
				}
				return nil
			}
		}
		return fmt.Errorf("%+v", report.Sites)
	})
	if n := countListed(t, port, host); n != 20 {
		t.Errorf("after the truncated feed %d cars are listed, want 20", n)
	}

	// A phone changed in the file shows within 2 s, and no request fails
	// while the files are read again.
	stopHammer := make(chan struct{})
	var failed, answered atomic.Int64
	var hammered sync.WaitGroup
	hammered.Add(1)
	go func() {
		defer hammered.Done()
		for {
			select {
			case <-stopHammer:
				return
			default:
			}
			for _, path := range []string{"/api/site", "/api/search?path=/search/used-cars", "/search/used-cars"} {
				code, err := fetchJSON(port, host, path, nil)
				answered.Add(1)
				if err != nil || code != 200 {
					failed.Add(1)
				}
			}
		}
	}()
	if err := os.WriteFile(filepath.Join(dir, "coastal-mazda-kia.yaml"), []byte(coastalSite(source.URL+"/stock.csv", "02 4321 7777")), 0o644); err != nil {
		t.Fatal(err)
	}
	eventually(t, 5*time.Second, "the changed phone shows", func() error {
		site = siteAnswer{}
		if _, err := fetchJSON(port, host, "/api/site", &site); err != nil {
			return err
		}
		for _, l := range site.Locations {
			if l.Phone == "02 4321 7777" {
				return nil
			}
		}
		return fmt.Errorf("%+v", site.Locations)
	})
	close(stopHammer)
	hammered.Wait()
	if failed.Load() > 0 || answered.Load() == 0 {
		t.Errorf("%d of %d requests failed while the site files were read again", failed.Load(), answered.Load())
	}
	// A removed site answers 404.
	if err := os.Remove(filepath.Join(dir, "first-motors.yaml")); err != nil {
		t.Fatal(err)
	}
	eventually(t, 5*time.Second, "the removed site answers 404", func() error {
		if code, err := fetchJSON(port, "first-motors.localhost", "/api/site", nil); err != nil || code != 404 {
			return fmt.Errorf("%d %v", code, err)
		}
		return nil
	})
	// /readyz names the configuration in use, as /admin/sites does.
	res, err = http.Get("http://" + admin + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if h := res.Header.Get("X-Config-Hash"); h == "" || h == report.ConfigHash || !bytes.Contains(body, []byte(h)) {
		t.Errorf("readyz config hash %q (before the change %q), body %q", h, report.ConfigHash, body)
	}

	// An invalid file keeps the last good configuration.
	if err := os.WriteFile(filepath.Join(dir, "coastal-mazda-kia.yaml"), []byte(strings.Replace(coastalSite(source.URL, "02 4321 7777"), "main: true", "main: maybe", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	eventually(t, 5*time.Second, "the invalid file is read and refused", func() error {
		res, err := http.Get("http://" + admin + "/metrics")
		if err != nil {
			return err
		}
		defer res.Body.Close()
		m, _ := io.ReadAll(res.Body)
		if !bytes.Contains(m, []byte(`forecourt_config_reloads_total{result="invalid"}`)) {
			return fmt.Errorf("no invalid reading counted")
		}
		return nil
	})
	if code, _ := fetchJSON(port, host, "/api/site", &site); code != 200 || len(site.Locations) != 2 {
		t.Errorf("after an invalid file the site answers %d with %d locations", code, len(site.Locations))
	}
}

func countListed(t *testing.T, port, host string) int {
	var a searchAnswer
	if _, err := fetchJSON(port, host, "/api/search?path=/search/used-cars&page=1", &a); err != nil {
		t.Fatal(err)
	}
	return a.Count
}

// twoNodes starts two serves on env's database with the new dealer's site
// file, its feed at feedURL, each with a data directory of its own; it
// answers their ports. They start no render worker: the tests read the API
// and the pages' heads, which Go draws.
func twoNodes(t *testing.T, env map[string]string, feedURL string) []string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "coastal-mazda-kia.yaml"), []byte(coastalSite(feedURL, "02 4321 1000")), 0o644); err != nil {
		t.Fatal(err)
	}
	var ports []string
	for range 2 {
		ports = append(ports, startServe(t, env, "--data", t.TempDir(), "--tenants", dir, "--ssr=false"))
	}
	return ports
}

// TestTwoNodesPullEachFeedOnce runs two nodes on one PostgreSQL database:
// the lease lets one of them pull the site's feed each period, and both
// list the same cars.
func TestTwoNodesPullEachFeedOnce(t *testing.T) {
	t.Parallel()
	needBuiltApp(t)
	env := map[string]string{"DATABASE_URL": postgrestest.TestDatabase(t)}
	feedSrv := &feedServer{}
	feedSrv.set(dealerFeed(20))
	source := httptest.NewServer(feedSrv)
	defer source.Close()
	const host = "coastal-mazda-kia.localhost"
	ports := twoNodes(t, env, source.URL+"/stock.csv")
	for _, port := range ports {
		eventually(t, 5*time.Second, "node "+port+" lists the feed's cars", func() error {
			if n := countListed(t, port, host); n != 20 {
				return fmt.Errorf("%d cars", n)
			}
			return nil
		})
	}
	// Over a few periods of the 1 s schedule, the source is asked about
	// once a period, not once a period per node.
	before := feedSrv.requests.Load()
	const window = 5 * time.Second
	time.Sleep(window)
	pulls := feedSrv.requests.Load() - before
	t.Logf("%d pulls of the feed in %s on two nodes", pulls, window)
	if pulls < 2 || pulls > int64(window/time.Second)+2 {
		t.Errorf("%d pulls in %s on two nodes with a 1 s schedule; want about one a second", pulls, window)
	}
	// A changed feed reaches both nodes.
	feedSrv.set(dealerFeed(21))
	for _, port := range ports {
		eventually(t, 5*time.Second, "node "+port+" lists the new car", func() error {
			if n := countListed(t, port, host); n != 21 {
				return fmt.Errorf("%d cars", n)
			}
			return nil
		})
	}
}

// checkFeedPhotos: the feed's photos are fetched by the server and served
// from the site's own /img/ addresses, as WebP at the asked width, with
// og:image written with the site's origin; buyers' pages never ask the
// dealer's server.
func checkFeedPhotos(t *testing.T, port, host string, src *feedServer) {
	t.Helper()
	var car struct {
		Car struct {
			Slug            string `json:"slug"`
			PrimaryImageURL string `json:"primary_image_url"`
			Images          []struct {
				URL string `json:"url"`
			} `json:"images"`
		} `json:"car"`
	}
	var slug string
	var all searchAnswer
	if _, err := fetchJSON(port, host, "/api/search?path=/search/used-cars&sortBy=price_asc", &all); err != nil {
		t.Fatal(err)
	}
	eventually(t, time.Minute, "the feed's photos are fetched and served as the site's own", func() error {
		for _, h := range all.Hits {
			car.Car.Images = nil
			if _, err := fetchJSON(port, host, "/api/cars/"+h.Slug, &car); err != nil {
				return err
			}
			if len(car.Car.Images) == 2 {
				slug = h.Slug
				return nil
			}
		}
		return fmt.Errorf("no car has its two photos yet")
	})
	for _, im := range car.Car.Images {
		if !strings.HasPrefix(im.URL, "/img/photo/") {
			t.Errorf("a photo at %q, not the site's own address", im.URL)
		}
	}
	asked := src.photos.Load()
	req, _ := http.NewRequest("GET", "http://127.0.0.1:"+port+car.Car.PrimaryImageURL+"?w=400&q=75", nil)
	req.Host = host
	req.Header.Set("Accept", "image/webp,*/*") // a browser that takes WebP and not AVIF
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/webp" {
		t.Fatalf("photo: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	if cfg, err := webp.DecodeConfig(bytes.NewReader(body)); err != nil || cfg.Width != 400 || cfg.Height != 266 {
		t.Errorf("photo drawn %dx%d (%v), want 400 wide", cfg.Width, cfg.Height, err)
	}
	// The car's page: og:image on the site's own origin, no dealer address.
	req, _ = http.NewRequest("GET", "http://127.0.0.1:"+port+"/cars/"+slug, nil)
	req.Host = host + ":" + port
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	want := `<meta property="og:image" content="http://` + host + ":" + port + car.Car.PrimaryImageURL + `"`
	if !bytes.Contains(page, []byte(want)) {
		t.Errorf("the car page lacks %s", want)
	}
	if bytes.Contains(page, []byte("/photos/")) {
		t.Error("the car page names the dealer's photo server")
	}
	if src.photos.Load() != asked {
		t.Error("serving a photo asked the dealer's server")
	}
}

// TestTwoNodesServeEachOthersPhotos runs two nodes on one PostgreSQL
// database and one S3-compatible bucket: each photo is fetched once, and
// a photo either node ingested is served by both.
func TestTwoNodesServeEachOthersPhotos(t *testing.T) {
	t.Parallel()
	needBuiltApp(t)
	cfg := s3test.Start(t)
	if _, err := photos.NewS3Blobs(context.Background(), cfg); err != nil { // makes the bucket
		t.Fatal(err)
	}
	env := map[string]string{
		"DATABASE_URL":                   postgrestest.TestDatabase(t),
		"FORECOURT_PHOTOS_S3_ENDPOINT":   cfg.Endpoint,
		"FORECOURT_PHOTOS_S3_BUCKET":     cfg.Bucket,
		"FORECOURT_PHOTOS_S3_ACCESS_KEY": cfg.AccessKey,
		"FORECOURT_PHOTOS_S3_SECRET_KEY": cfg.SecretKey,
		"FORECOURT_PHOTOS_S3_SECURE":     "false",
		"FORECOURT_PHOTO_ALLOW_HOSTS":    "127.0.0.1",
	}
	feedSrv := &feedServer{}
	source := httptest.NewServer(feedSrv)
	defer source.Close()
	feedSrv.set(dealerFeedWithPhotos(20, source.URL))
	const host = "coastal-mazda-kia.localhost"
	ports := twoNodes(t, env, source.URL+"/stock.csv")
	// Every node lists the cars with their six photos as the site's own.
	var photoURLs []string
	for _, port := range ports {
		eventually(t, time.Minute, "node "+port+" shows the fetched photos", func() error {
			var all searchAnswer
			if _, err := fetchJSON(port, host, "/api/search?path=/search/used-cars", &all); err != nil {
				return err
			}
			photoURLs = photoURLs[:0]
			for _, h := range all.Hits {
				var car struct {
					Car struct {
						Images []struct {
							URL string `json:"url"`
						} `json:"images"`
					} `json:"car"`
				}
				if _, err := fetchJSON(port, host, "/api/cars/"+h.Slug, &car); err != nil {
					return err
				}
				for _, im := range car.Car.Images {
					photoURLs = append(photoURLs, im.URL)
				}
			}
			if len(photoURLs) != 6 {
				return fmt.Errorf("%d photos shown", len(photoURLs))
			}
			return nil
		})
	}
	// Each node draws every photo from the shared originals.
	for _, port := range ports {
		for _, u := range photoURLs {
			req, _ := http.NewRequest("GET", "http://127.0.0.1:"+port+u+"?w=300&q=75", nil)
			req.Host = host
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != 200 {
				t.Errorf("node %s: %s answered %d", port, u, res.StatusCode)
			}
		}
	}
	if n := feedSrv.photos.Load(); n != 6 {
		t.Errorf("the dealer's photo server was asked %d times for 6 photos", n)
	}
}
