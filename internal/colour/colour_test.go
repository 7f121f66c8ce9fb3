package colour

import (
	"math"
	"testing"
)

func TestContrast(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want float64
	}{
		{"#ffffff", "#000000", 21},
		{"#fff", "#000", 21},
		{"#0b2545", "#0b2545", 1},
		{"#767676", "#ffffff", 4.54},
		{"red", "#fff", 0},
		{"#12345g", "#fff", 0},
	} {
		if got := Contrast(c.a, c.b); math.Abs(got-c.want) > 0.01 {
			t.Errorf("Contrast(%s, %s) = %.2f, want %.2f", c.a, c.b, got, c.want)
		}
	}
}

// docs/behaviour/screens.md#focus-ring: the brand colour where it stands
// out, else the surface's text colour; a control edge darkened until it
// stands out.
func TestDerive(t *testing.T) {
	got := Derive(map[string]string{
		"primary": "#0b2545", "background": "#ffffff", "foreground": "#0f172a", "muted": "#f1f5f9",
		"border": "#e2e8f0", "header": "#0b2545", "header-foreground": "#ffffff",
		"footer": "#081a33", "footer-foreground": "#e2e8f0",
	})
	for k, want := range map[string]string{"ring": "#0b2545", "ring-header": "#ffffff", "ring-footer": "#e2e8f0"} {
		if got[k] != want {
			t.Errorf("%s = %s, want %s", k, got[k], want)
		}
	}
	if r := Contrast(got["input"], "#f1f5f9"); r < NonText || r > 4 {
		t.Errorf("input %s has %.2f:1 on muted, want 3–4", got["input"], r)
	}
	// Missing and unreadable colours fall back to the app's own.
	if got := Derive(map[string]string{"primary": "#ffff00", "header": "nonsense"}); got["ring"] != Defaults["foreground"] || got["ring-header"] != Defaults["header-foreground"] {
		t.Errorf("fallbacks: %v", got)
	}
}

// Whatever brand, header and footer colours a site picks from a spread of
// lights, mids and darks, its rings and edges stand out on the default page.
func TestDeriveStandsOutOnAnyTheme(t *testing.T) {
	palette := []string{"#ffffff", "#fffaf3", "#f3f4f6", "#e5e7eb", "#ffff00", "#d71920", "#767676", "#15803d", "#0b2545", "#111827", "#000000"}
	n := 0
	for _, p := range palette {
		for _, h := range palette {
			for _, hf := range palette {
				theme := map[string]string{"primary": p, "header": h, "header-foreground": hf, "footer": h, "footer-foreground": hf}
				for _, f := range Check(theme) {
					t.Errorf("%v: %+v", theme, f)
				}
				n++
			}
		}
	}
	if n != len(palette)*len(palette)*len(palette) {
		t.Fatal("not every theme checked")
	}
}
