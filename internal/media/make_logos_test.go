package media

import (
	"fmt"
	"image/color"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"forecourt/internal/demo"
	"forecourt/internal/market"
)

// logoSlug names a make's logo as the app does (/img/make/land-rover.png):
// lower case, '&' dropped, any other run of non-alphanumerics a hyphen.
func logoSlug(make string) string {
	s := strings.ReplaceAll(strings.ToLower(make), "&", "")
	s = regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(s, "-")
	return strings.Trim(s, "-")
}

// Every make the trade-in form lists, and every make of the demo stock,
// has a logo tile: never a missing picture. The demo stock's makes have a
// drawn wordmark; the rest of the list a monogram of the make's initials.
func TestEveryListedMakeHasALogo(t *testing.T) {
	t.Parallel()
	h := New(t.TempDir(), 64<<20)
	stock := map[string]bool{}
	for _, s := range demo.Generate(time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)) {
		for _, c := range s.Cars {
			stock[c.Make] = true
		}
	}
	makes := map[string]bool{}
	for m := range stock {
		makes[m] = true
	}
	list := market.TradeInMakeList(nil)
	if len(list) < 120 {
		t.Fatalf("the trade-in form lists %d makes, want the full list", len(list))
	}
	for _, m := range list {
		makes[m.Make] = true
	}
	for make := range makes {
		slug := logoSlug(make)
		if !validSlug(slug) {
			t.Errorf("%s: logo name %q is not one the image server draws", make, slug)
			continue
		}
		label, _ := makeLabel(slug)
		_, drawn := knownMakes[slug]
		switch {
		case stock[make] && !drawn:
			t.Errorf("%s is in the demo stock but has no drawn logo, only the monogram %q", make, label)
		case !drawn && (label == "" || len([]rune(label)) > 3 || label != strings.ToUpper(label)):
			t.Errorf("%s: monogram %q, want its initials", make, label)
		}
		rec := get(t, h, fmt.Sprintf("/img/make/%s.png?w=160", slug))
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" {
			t.Errorf("%s: /img/make/%s.png answered %d %s", make, slug, rec.Code, rec.Header().Get("Content-Type"))
			continue
		}
		img := decode(t, rec.Body.Bytes())
		if b := img.Bounds(); b.Dx() != 160 || b.Dy() != 160 {
			t.Errorf("%s: logo %dx%d, want 160x160", make, b.Dx(), b.Dy())
		}
		// The tile is filled and carries white lettering in its middle band.
		if _, _, _, a := img.At(80, 20).RGBA(); a == 0 {
			t.Errorf("%s: the logo tile is empty", make)
		}
		white := 0
		for x := 16; x < 144; x++ {
			for y := 56; y < 104; y++ {
				if c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA); c.R > 230 && c.G > 230 && c.B > 230 && c.A > 230 {
					white++
				}
			}
		}
		if white < 40 {
			t.Errorf("%s: the logo shows no lettering (%d white pixels)", make, white)
		}
	}
}
