package httpapi_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

type modelsBody struct {
	Models []struct {
		ID               int64  `json:"id"`
		Slug             string `json:"slug"`
		Name             string `json:"name"`
		Make             string `json:"make"`
		ImageURL         string `json:"image_url"`
		Status           string `json:"status"`
		ManufacturerBody string `json:"manufacturer_body"`
		BodyPath         string `json:"body_path"`
		ListingPath      string `json:"listing_path"`
	} `json:"models"`
}

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

// GET /api/models lists exactly the site's own models (SPEC.md section 3
// Model: slug, name, image, manufacturer_body, status) with the
// /models?body= target of SPEC.md section 2 and the model's new-car listing.
func TestModelsAreTheSitesOwn(t *testing.T) {
	app := newTestApp(t)
	owner := map[int64]string{}
	for _, s := range app.data {
		for _, m := range s.Models {
			owner[m.ID] = s.Slug
		}
	}
	for _, s := range app.data {
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
	app := newTestApp(t)
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
