package sitepages

import (
	"testing"

	"forecourt/internal/contracttest"
	"forecourt/internal/tenant"
)

// testdata/banner-vectors.json: the banner the home page's carousel opens
// on, which the app's carousel is held to as well (web/src/features/home/lib
// banner-vectors.test.ts), so the home page never preloads one picture and
// shows another.
func TestBannerPreloadSharedVectors(t *testing.T) {
	var v struct {
		Cases []struct {
			Name    string   `json:"name"`
			Banners []string `json:"banners"`
			Want    struct {
				Src     string `json:"src"`
				SrcSet  string `json:"srcset"`
				Sizes   string `json:"sizes"`
				Preload bool   `json:"preload"`
			} `json:"want"`
		} `json:"cases"`
	}
	contracttest.ReadVectors(t, "testdata/banner-vectors.json", &v)
	if len(v.Cases) == 0 {
		t.Fatal("banner vectors: no cases")
	}
	for _, c := range v.Cases {
		t.Run(c.Name, func(t *testing.T) {
			site := &tenant.Site{}
			for _, im := range c.Banners {
				site.Home.Banners = append(site.Home.Banners, tenant.Banner{Title: "Banner", Image: im})
			}
			got := BannerPreload(site)
			if !c.Want.Preload {
				if len(got) != 0 {
					t.Fatalf("preloads %+v, want nothing", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("preloads %+v, want one picture", got)
			}
			p := got[0]
			if p.Href != c.Want.Src || p.SrcSet != c.Want.SrcSet || p.Sizes != c.Want.Sizes || p.Media != "" {
				t.Errorf("preloads %+v, want href %q, srcset %q, sizes %q", p, c.Want.Src, c.Want.SrcSet, c.Want.Sizes)
			}
		})
	}
}
