package sitepages

import (
	"strings"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/contracttest"
	"forecourt/internal/tenant"
)

// testdata/hero-vectors.json: the picture a car's page opens on, which the
// app's gallery is held to as well (web/src/features/car-media/lib
// hero-vectors.test.ts), so the page never preloads one picture and shows
// another.
func TestHeroPreloadSharedVectors(t *testing.T) {
	var v struct {
		Cases []struct {
			Name     string `json:"name"`
			Features struct {
				Spinner            bool `json:"spinner"`
				DefaultViewGallery bool `json:"default_view_gallery"`
			} `json:"features"`
			Car struct {
				Images          []string `json:"images"`
				PrimaryImageURL string   `json:"primary_image_url"`
				SpinImages      []string `json:"spin_images"`
			} `json:"car"`
			Want struct {
				View    string `json:"view"`
				Src     string `json:"src"`
				Preload bool   `json:"preload"`
			} `json:"want"`
		} `json:"cases"`
	}
	contracttest.ReadVectors(t, "testdata/hero-vectors.json", &v)
	if len(v.Cases) == 0 {
		t.Fatal("hero vectors: no cases")
	}
	for _, c := range v.Cases {
		t.Run(c.Name, func(t *testing.T) {
			site := &tenant.Site{}
			site.Features.Spinner = c.Features.Spinner
			site.Features.DefaultViewGallery = c.Features.DefaultViewGallery
			car := catalog.Car{PrimaryImageURL: c.Car.PrimaryImageURL, SpinImages: c.Car.SpinImages}
			for _, u := range c.Car.Images {
				car.Images = append(car.Images, catalog.Image{URL: u})
			}
			got := HeroPreload(car, site)
			if !c.Want.Preload {
				if len(got) != 0 {
					t.Fatalf("preloads %+v, want nothing", got)
				}
				return
			}
			if len(got) == 0 {
				t.Fatalf("preloads nothing, want %s", c.Want.Src)
			}
			src, _, _ := strings.Cut(got[0].Href, "?")
			if src != c.Want.Src {
				t.Errorf("preloads %s, want %s", src, c.Want.Src)
			}
			// A spin frame is one width a screen; a photo offers the gallery's srcset.
			if spin := len(got) == 2 && got[0].Media != ""; spin != (c.Want.View == "spin") {
				t.Errorf("preload %+v is for view %q?", got, c.Want.View)
			}
		})
	}
}
