package sitepages

import (
	"strings"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

func TestHeroPreload(t *testing.T) {
	spinner := &tenant.Site{Features: tenant.Features{Spinner: true}}
	gallery := &tenant.Site{Features: tenant.Features{Spinner: true, DefaultViewGallery: true}}
	photos := func(urls ...string) []catalog.Image {
		var out []catalog.Image
		for _, u := range urls {
			out = append(out, catalog.Image{URL: u})
		}
		return out
	}
	cases := []struct {
		name string
		car  catalog.Car
		site *tenant.Site
		want []string // substrings of the markup, in order; none: no preload
	}{
		{"spinner first: its first frame by screen width", catalog.Car{SpinImages: []string{" ", "/img/s/1.jpg"}, Images: photos("/img/a.jpg")}, spinner,
			[]string{`href="/img/s/1.jpg?w=600&amp;q=75" media="(max-width: 639px)"`, `href="/img/s/1.jpg?w=900&amp;q=75" media="(min-width: 640px)"`}},
		{"a gallery site opens on the photos", catalog.Car{SpinImages: []string{"/img/s/1.jpg"}, Images: photos("/img/a.jpg")}, gallery,
			[]string{`href="/img/a.jpg?w=1200&amp;q=75"`, `imagesrcset="/img/a.jpg?w=400&amp;q=75 400w, /img/a.jpg?w=600&amp;q=75 600w, /img/a.jpg?w=800&amp;q=75 800w, /img/a.jpg?w=1000&amp;q=75 1000w, /img/a.jpg?w=1200&amp;q=75 1200w, /img/a.jpg?w=1600&amp;q=75 1600w"`, `imagesizes="` + HeroSizes + `"`, `fetchpriority="high"`}},
		{"feed placeholders are skipped", catalog.Car{Images: photos("/img/no_image.jpg", "/img/photo-coming-soon.png", "/img/b.jpg")}, spinner,
			[]string{`href="/img/b.jpg?w=1200&amp;q=75"`}},
		{"the primary image when the list is empty", catalog.Car{PrimaryImageURL: "/img/p.jpg"}, spinner, []string{`href="/img/p.jpg?w=1200`}},
		{"only placeholders: the request-photos tile", catalog.Car{Images: photos("/img/default.jpg"), PrimaryImageURL: "/img/placeholder.png"}, spinner, nil},
		{"another host's photo is left to the app", catalog.Car{Images: photos("https://cdn.example/a.jpg")}, spinner, nil},
		{"an address the browser would re-encode", catalog.Car{Images: photos("/img/a b.jpg")}, spinner, nil},
		{"an address with its own query", catalog.Car{Images: photos("/img/a.jpg?v=2")}, spinner, nil},
	}
	for _, tc := range cases {
		got := preloadMarkup(HeroPreload(tc.car, tc.site))
		if tc.want == nil {
			if got != "" {
				t.Errorf("%s: %s, want no preload", tc.name, got)
			}
			continue
		}
		rest := got
		for _, w := range tc.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%s: %s lacks %s", tc.name, got, w)
				break
			}
			rest = rest[i+len(w):]
		}
	}
}

func TestBannerPreload(t *testing.T) {
	site := func(images ...string) *tenant.Site {
		s := &tenant.Site{}
		for _, im := range images {
			s.Home.Banners = append(s.Home.Banners, tenant.Banner{Title: "t", Image: im})
		}
		return s
	}
	want := `<link rel="preload" as="image" href="/img/banner/2/d71920.jpg?w=1600" imagesrcset="/img/banner/2/d71920.jpg?w=800 800w, /img/banner/2/d71920.jpg?w=1200 1200w, /img/banner/2/d71920.jpg?w=1600 1600w" imagesizes="100vw" fetchpriority="high">`
	if got := preloadMarkup(BannerPreload(site("/img/banner/1/d71920.jpg", "/img/banner/2/d71920.jpg", "/img/banner/3/d71920.jpg"))); got != want {
		t.Errorf("the carousel opens on the second slide:\n got %s\nwant %s", got, want)
	}
	if got := preloadMarkup(BannerPreload(site("/img/banner/2/d71920.jpg"))); got != want {
		t.Errorf("a single slide:\n got %s\nwant %s", got, want)
	}
	for _, s := range []*tenant.Site{site(), site("/a.jpg", "https://cdn.example/b.jpg"), site("/a.jpg", "/img/b.jpg?w=5"), site("/a.jpg", "")} {
		if got := preloadMarkup(BannerPreload(s)); got != "" {
			t.Errorf("%v: %s, want none", s.Home.Banners, got)
		}
	}
}
