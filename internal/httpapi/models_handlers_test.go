package httpapi_test

import (
	"encoding/json"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/httpapi"
	"forecourt/internal/tenant"
)

// modelsBody is GET /api/models as the app reads it.
type modelsBody = apitypes.ModelList

func (a *testApp) models(t *testing.T, host string) modelsBody {
	t.Helper()
	res, body := a.get(t, host, "/api/models")
	if res.StatusCode != 200 {
		t.Fatalf("%s /api/models: %d %s", host, res.StatusCode, body)
	}
	var out modelsBody
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// GET /api/models lists exactly the site's own models (docs/behaviour/entities.md
// Model: slug, name, image, manufacturer_body, status) with the
// /models?body= target of docs/behaviour/screens.md and the model's new-car listing.
func TestModelsAreTheSitesOwn(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	owner := map[int64]string{}
	for _, s := range app.data() {
		for _, m := range s.Models {
			owner[m.ID] = s.Slug
		}
	}
	for _, s := range app.data() {
		got := app.models(t, s.Slug+".localhost")
		if len(got.Models) != len(s.Models) {
			t.Errorf("%s: %d models, want %d", s.Slug, len(got.Models), len(s.Models))
		}
		for i, m := range got.Models {
			// Another site's models are never shown.
			if owner[m.ID] != s.Slug {
				t.Errorf("%s shows model %d %q of %q", s.Slug, m.ID, m.Name, owner[m.ID])
				continue
			}
			want := s.Models[i]
			if liveOf(s.Cars, want.Make, want.Name) != nil {
				want.Status = "" // a model with cars in stock is on sale
			}
			if m.ID != want.ID || m.Name != want.Name || m.ImageURL != want.ImageURL || m.Status != want.Status {
				t.Errorf("%s model %d: %+v, want %+v in the dealer's order", s.Slug, i, m, want)
			}
			// /models?body= is lowercase, spaces as hyphens, ampersands removed.
			body := strings.ReplaceAll(strings.ToLower(want.ManufacturerBody), "&", "")
			body = strings.Join(strings.Fields(body), "-")
			if m.BodyPath != "/models?body="+url.QueryEscape(body) || strings.ToLower(m.BodyPath) != m.BodyPath {
				t.Errorf("%s %s: body path %q for %q", s.Slug, m.Name, m.BodyPath, want.ManufacturerBody)
			}
			if !strings.HasPrefix(m.ListingPath, "/search/new-cars/") {
				t.Errorf("%s %s: listing %q", s.Slug, m.Name, m.ListingPath)
			}
		}
	}
}

// The menu's model link lands on that model's new cars.
func TestModelListingPathFindsTheModel(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	host := "harbourside-toyota.localhost"
	got := app.models(t, host)
	if len(got.Models) == 0 {
		t.Fatal("harbourside-toyota has no models")
	}
	found := 0
	for _, m := range got.Models {
		path, raw, _ := strings.Cut(m.ListingPath, "?")
		q, _ := url.ParseQuery(raw)
		q.Set("path", path)
		code, res := app.search(t, host, q)
		if code != 200 {
			t.Fatalf("%s: %d", m.ListingPath, code)
		}
		for _, h := range res.Hits {
			if h.CarType != "new" || h.Make != m.Make {
				t.Errorf("%s lists %s %s", m.ListingPath, h.CarType, h.Make)
			}
		}
		if res.Total > 0 {
			found++
		}
	}
	if found == 0 {
		t.Error("no model listing finds a car")
	}
}

// liveOf is the live new stock of a model: new cars in stock and shown
// on the website.
func liveOf(cars []catalog.Car, mk, model string) []catalog.Car {
	var out []catalog.Car
	for _, c := range cars {
		if c.CarType == catalog.TypeNew && c.Status == catalog.StatusInStock && c.ShowOnWebsite && c.Make == mk && c.Model == model {
			out = append(out, c)
		}
	}
	return out
}

// priceSpan is the lowest and highest price a buyer sees on the cars: a
// reduced price, else the car price; 0, 0 when none is priced.
func priceSpan(cars []catalog.Car) (lo, hi int) {
	for _, c := range cars {
		p := c.Price
		if c.OfferPrice > 0 {
			p = c.OfferPrice
		}
		if p <= 0 {
			continue
		}
		if lo == 0 || p < lo {
			lo = p
		}
		hi = max(hi, p)
	}
	return lo, hi
}

type modelDetailBody struct {
	Slug          string `json:"slug"`
	Name          string `json:"name"`
	Make          string `json:"make"`
	Path          string `json:"path"`
	BrandPath     string `json:"brand_path"`
	FromPrice     int    `json:"from_price"`
	ModelVariants []struct {
		ID          int64                `json:"id"`
		FullName    string               `json:"full_name"`
		Series      string               `json:"series"`
		Name        string               `json:"name"`
		Features    []string             `json:"features"`
		Image       struct{ URL string } `json:"image"`
		DapMinPrice int                  `json:"dap_min_price"`
		DapMaxPrice int                  `json:"dap_max_price"`
	} `json:"model_variants"`
	Colours []struct {
		ID               int64  `json:"id"`
		Name             string `json:"name"`
		PhotoURL         string `json:"photo_url"`
		HexCode          string `json:"hexCode"`
		OemID            string `json:"oem_id"`
		ModelVariantName string `json:"model_variant_name"`
	} `json:"colours"`
	Frames []struct{ Title, URL string } `json:"frames"`
}

// docs/behaviour/calls.md, Model details by model name: one model's
// model_variants and colours (docs/behaviour/entities.md fields), asked by slug or
// name, only on the site that sells it.
func TestModelDetails(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	for _, s := range app.data() {
		if len(s.Models) == 0 {
			continue
		}
		host := s.Slug + ".localhost"
		for _, want := range s.Models {
			res, body := app.get(t, host, "/api/models/"+want.Slug)
			if res.StatusCode != 200 {
				t.Fatalf("%s %s: %d %s", s.Slug, want.Slug, res.StatusCode, body)
			}
			var got modelDetailBody
			if err := json.Unmarshal([]byte(body), &got); err != nil {
				t.Fatal(err)
			}
			if got.Name != want.Name || got.Path != "/models/"+want.Slug || len(got.ModelVariants) != len(want.Variants) || len(got.Colours) != len(want.Colours) {
				t.Errorf("%s %s: %s %s %d variants %d colours", s.Slug, want.Slug, got.Name, got.Path, len(got.ModelVariants), len(got.Colours))
			}
			if !strings.HasSuffix(got.BrandPath, "/overview") || got.BrandPath != strings.ToLower(got.BrandPath) {
				t.Errorf("%s brand path %q", want.Name, got.BrandPath)
			}
			// docs/behaviour/screens.md#model-prices: the prices are the
			// live stock's, whatever the stored drive-away prices say.
			stock := liveOf(s.Cars, want.Make, want.Name)
			if lo, _ := priceSpan(stock); got.FromPrice != lo {
				t.Errorf("%s %s from price %d, want %d, the lowest of its %d new cars in stock", s.Slug, want.Name, got.FromPrice, lo, len(stock))
			}
			for i, v := range got.ModelVariants {
				if v.ID != want.Variants[i].ID || v.FullName != want.Variants[i].FullName || v.Image.URL == "" || len(v.Features) == 0 {
					t.Errorf("%s variant %d: %+v", want.Name, i, v)
				}
				var mine []catalog.Car
				for _, c := range stock {
					if v.Name == c.Badge || v.Name == c.Badge+" "+c.BodyConfiguration {
						mine = append(mine, c)
					}
				}
				if lo, hi := priceSpan(mine); v.DapMinPrice != lo || v.DapMaxPrice != hi {
					t.Errorf("%s %s %s: %d-%d, want %d-%d from its %d cars in stock", s.Slug, want.Name, v.Name, v.DapMinPrice, v.DapMaxPrice, lo, hi, len(mine))
				}
			}
			for i, c := range got.Colours {
				if c.ID != want.Colours[i].ID || c.HexCode != want.Colours[i].HexCode || c.OemID != want.Colours[i].OemID || c.ModelVariantName != want.Colours[i].ModelVariantName || c.PhotoURL == "" {
					t.Errorf("%s colour %d: %+v", want.Name, i, c)
				}
			}
			for _, f := range got.Frames {
				if !strings.HasPrefix(f.URL, "/") || strings.HasPrefix(f.URL, "//") {
					t.Errorf("%s frames an outside page: %+v", want.Name, f)
				}
			}
		}
		// By name, in any case.
		m := s.Models[0]
		if res, _ := app.get(t, host, "/api/models/"+url.PathEscape(strings.ToUpper(m.Name))); res.StatusCode != 200 {
			t.Errorf("%s by name %q: %d", s.Slug, m.Name, res.StatusCode)
		}
	}
	// Another site's model, or none, is a JSON 404.
	for _, path := range []string{"/api/models/journey-outback", "/api/models/no-such-model", "/api/models/%3Cscript%3E"} {
		res, body := app.get(t, "harbourside-toyota.localhost", path)
		if res.StatusCode != 404 || !strings.Contains(body, `"code":"not_found"`) {
			t.Errorf("%s: %d %s", path, res.StatusCode, body)
		}
	}
}

// Variant features are HTML strings (docs/behaviour/entities.md); whatever a feed
// sends, the page only ever gets them sanitised.
func TestModelFeaturesAreSanitised(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	reg, st := demoStore(t, time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))
	_, srv := serve(t, &httpapi.Server{Sites: reg, Store: st, Web: webApp})
	app := &testApp{srv: srv}
	ms, err := st.Models(ctx, "southern-alps-motors")
	if err != nil || len(ms) == 0 {
		t.Fatal(err)
	}
	ms[0].Variants[0].Features = []string{`<p onclick="x()">Heated seats<script>alert(1)</script></p>`, `<script>only()</script>`}
	ms[0].Frames = []catalog.ModelFrame{{Title: "Outside", URL: "https://elsewhere.example/tour"}, {Title: "Tour", URL: "/media/demo.mp4"}}
	if err := st.SaveModels(ctx, "southern-alps-motors", ms); err != nil {
		t.Fatal(err)
	}
	res, body := app.get(t, "southern-alps-motors.localhost", "/api/models/"+ms[0].Slug)
	var got modelDetailBody
	if res.StatusCode != 200 || json.Unmarshal([]byte(body), &got) != nil {
		t.Fatalf("%d %s", res.StatusCode, body)
	}
	if f := got.ModelVariants[0].Features; len(f) != 1 || f[0] != "<p>Heated seats</p>" {
		t.Errorf("features %q", f)
	}
	if len(got.Frames) != 1 || got.Frames[0].URL != "/media/demo.mp4" {
		t.Errorf("frames %+v", got.Frames)
	}
}

// The model pages answer 200 with their own head for the site's models and
// makes, and the site's 404 for anything else (docs/behaviour/screens.md#routes
// /models, /models/order-now, /brands, /{brand}/overview).
func TestModelPages(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	for _, c := range []struct {
		host, path string
		status     int
		title      string
	}{
		{"harbourside-toyota.localhost", "/models", 200, "New Models | Harbourside Toyota"},
		{"harbourside-toyota.localhost", "/models/corolla", 200, "Toyota Corolla | Harbourside Toyota"},
		{"harbourside-toyota.localhost", "/models/order-now", 200, "Order Now | Harbourside Toyota"},
		{"harbourside-toyota.localhost", "/brands", 200, "Brands | Harbourside Toyota"},
		{"harbourside-toyota.localhost", "/toyota/overview", 200, "Toyota Overview | Harbourside Toyota"},
		{"summit-motor-group.localhost", "/kia/overview", 200, "Kia Overview | Summit Motor Group"},
		{"summit-motor-group.localhost", "/models/cx-5", 200, "Mazda CX-5 | Summit Motor Group"},
		{"harbourside-toyota.localhost", "/models/cx-5", 404, "Page not found"},
		{"harbourside-toyota.localhost", "/models/no-such-model", 404, "Page not found"},
		{"harbourside-toyota.localhost", "/models/Corolla", 404, "Page not found"},
		{"harbourside-toyota.localhost", "/kia/overview", 404, "Page not found"},
		{"metro-used-cars.localhost", "/models", 404, "Page not found"},
		{"metro-used-cars.localhost", "/brands", 404, "Page not found"},
	} {
		res, body := app.get(t, c.host, c.path)
		if res.StatusCode != c.status || !strings.Contains(body, "<title>"+c.title) {
			t.Errorf("%s%s: %d, want %d %q", c.host, c.path, res.StatusCode, c.status, c.title)
		}
		if c.status == 200 && !strings.Contains(body, `<link rel="canonical" href="http://`+c.host+c.path+`">`) {
			t.Errorf("%s%s: canonical missing", c.host, c.path)
		}
	}
}

// An offer about one model (named in its title or text) opens that
// model's new-car listing, which lists that model alone and has stock,
// and any price it names is within the model's live stock
// (docs/behaviour/screens.md#model-prices).
func TestOffersOpenTheirModelsStock(t *testing.T) {
	t.Parallel()
	app := sharedApp(t)
	reg, err := tenant.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	money := regexp.MustCompile(`\$([0-9][0-9,]*)`)
	checked := 0
	for _, s := range app.data() {
		site, ok := reg.BySlug(s.Slug)
		if !ok {
			continue
		}
		host := s.Slug + ".localhost"
		listed := app.models(t, host)
		for _, o := range site.Offers {
			words := o.Title + " " + o.Text
			var about []catalog.Model
			for _, m := range s.Models {
				if regexp.MustCompile(`(?i)(^|[^\w-])` + regexp.QuoteMeta(m.Name) + `($|[^\w-])`).MatchString(words) {
					about = append(about, m)
				}
			}
			if len(about) != 1 {
				continue
			}
			m := about[0]
			checked++
			for _, l := range listed.Models {
				if l.ID == m.ID && o.Href != l.ListingPath {
					t.Errorf("%s offer %q opens %s, not the %s listing %s", s.Slug, o.Title, o.Href, m.Name, l.ListingPath)
				}
			}
			path, raw, _ := strings.Cut(o.Href, "?")
			q, _ := url.ParseQuery(raw)
			q.Set("path", path)
			code, res := app.search(t, host, q)
			if code != 200 || res.Total == 0 {
				t.Errorf("%s offer %q: %s lists %d cars (%d)", s.Slug, o.Title, o.Href, res.Total, code)
			}
			for _, h := range res.Hits {
				if h.CarType != catalog.TypeNew || h.Make != m.Make || h.Model != m.Name {
					t.Errorf("%s offer %q lists a %s %s %s", s.Slug, o.Title, h.CarType, h.Make, h.Model)
				}
			}
			lo, hi := priceSpan(liveOf(s.Cars, m.Make, m.Name))
			for _, mm := range money.FindAllStringSubmatch(words, -1) {
				p, _ := strconv.Atoi(strings.ReplaceAll(mm[1], ",", ""))
				if p < lo || p > hi {
					t.Errorf("%s offer %q names %s; the %s in stock are $%d-$%d", s.Slug, o.Title, mm[0], m.Name, lo, hi)
				}
			}
		}
	}
	if checked == 0 {
		t.Error("no offer is about a model")
	}
}
