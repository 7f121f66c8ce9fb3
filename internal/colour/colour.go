// Package colour measures a theme's colours against each other (WCAG
// relative luminance and contrast ratio) and derives the colours a theme
// does not name but a page needs: a focus ring for each surface and a
// border for form controls (docs/behaviour/screens.md#focus-ring).
package colour

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// RGB is a colour's red, green and blue, 0–255.
type RGB [3]uint8

// Parse reads #rgb or #rrggbb; ok is false for anything else.
func Parse(s string) (c RGB, ok bool) {
	h := strings.TrimPrefix(strings.TrimSpace(s), "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	if len(h) != 6 || !strings.HasPrefix(strings.TrimSpace(s), "#") {
		return c, false
	}
	for i := range c {
		v, err := strconv.ParseUint(h[2*i:2*i+2], 16, 8)
		if err != nil {
			return RGB{}, false
		}
		c[i] = uint8(v)
	}
	return c, true
}

// Hex is the colour as #rrggbb.
func (c RGB) Hex() string { return fmt.Sprintf("#%02x%02x%02x", c[0], c[1], c[2]) }

// Luminance is the colour's WCAG relative luminance, 0 (black) to 1 (white).
func (c RGB) Luminance() float64 {
	var l [3]float64
	for i, v := range c {
		x := float64(v) / 255
		if x <= 0.04045 {
			l[i] = x / 12.92
		} else {
			l[i] = math.Pow((x+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
}

// Ratio is the WCAG contrast ratio of two colours, 1 to 21.
func Ratio(a, b RGB) float64 {
	la, lb := a.Luminance(), b.Luminance()
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// Contrast is the WCAG contrast ratio of two colours written #rgb or
// #rrggbb; 0 when either cannot be read.
func Contrast(a, b string) float64 {
	ca, okA := Parse(a)
	cb, okB := Parse(b)
	if !okA || !okB {
		return 0
	}
	return Ratio(ca, cb)
}

// Mix is a moved the fraction t (0–1) of the way to b.
func Mix(a, b RGB, t float64) RGB {
	var c RGB
	for i := range c {
		c[i] = uint8(math.Round(float64(a[i]) + (float64(b[i])-float64(a[i]))*t))
	}
	return c
}

// NonText is the least contrast a focus ring or a control's edge keeps
// against what it sits on (docs/behaviour/screens.md#focus-ring).
const NonText = 3.0

// Defaults are the colours the app falls back to for a token a theme
// leaves out; they match the fallbacks in the app's stylesheet.
var Defaults = map[string]string{
	"primary":           "#1f2937",
	"background":        "#ffffff",
	"foreground":        "#111827",
	"muted":             "#f3f4f6",
	"border":            "#e5e7eb",
	"header":            "#ffffff",
	"header-foreground": "#111827",
	"footer":            "#111827",
	"footer-foreground": "#f9fafb",
}

// Surface is where a derived colour is drawn: the token it sets and the
// surfaces it must stand out from.
type Surface struct {
	Token string   // the custom property derived, e.g. ring-header
	On    []string // the theme tokens it is drawn on
}

// Surfaces lists each derived token and what it is drawn on.
var Surfaces = []Surface{
	{"ring", []string{"background", "muted"}},
	{"ring-header", []string{"header"}},
	{"ring-footer", []string{"footer"}},
	{"input", []string{"background", "muted"}},
}

// Derive returns the colours a page needs beyond the theme's own, each
// meeting NonText against every surface it is drawn on
// (docs/behaviour/screens.md#focus-ring):
//
//   - ring: the page's focus ring; the brand colour if it stands out on
//     the page, else the page's text colour;
//   - ring-header, ring-footer: the same on the header and the footer,
//     whose text colour is the fallback;
//   - input: the edge of a text field, select, checkbox or radio; the
//     theme's border moved towards its text colour until it stands out.
//
// Where no theme colour does, black or white (whichever stands out more)
// is used, so any theme gets a visible ring.
func Derive(colors map[string]string) map[string]string {
	get := func(k string) (RGB, bool) {
		if c, ok := Parse(colors[k]); ok {
			return c, true
		}
		return Parse(Defaults[k])
	}
	surfaces := func(keys []string) []RGB {
		var out []RGB
		for _, k := range keys {
			if c, ok := get(k); ok {
				out = append(out, c)
			}
		}
		return out
	}
	out := map[string]string{}
	for _, s := range Surfaces {
		on := surfaces(s.On)
		var pick RGB
		if s.Token == "input" {
			pick = edge(get, on)
		} else {
			var candidates []string
			switch s.Token {
			case "ring":
				candidates = []string{"primary", "foreground"}
			case "ring-header":
				candidates = []string{"primary", "header-foreground"}
			case "ring-footer":
				candidates = []string{"primary", "footer-foreground"}
			}
			pick = first(get, candidates, on)
		}
		out[s.Token] = pick.Hex()
	}
	return out
}

// standsOut reports whether c keeps NonText against every surface.
func standsOut(c RGB, on []RGB) bool {
	for _, s := range on {
		if Ratio(c, s) < NonText {
			return false
		}
	}
	return true
}

// first is the first candidate token that stands out on every surface,
// else black or white.
func first(get func(string) (RGB, bool), candidates []string, on []RGB) RGB {
	for _, k := range candidates {
		if c, ok := get(k); ok && standsOut(c, on) {
			return c
		}
	}
	return blackOrWhite(on)
}

// edge moves the border towards the text colour in small steps until it
// stands out, keeping it as light as the rule allows.
func edge(get func(string) (RGB, bool), on []RGB) RGB {
	border, okB := get("border")
	text, okT := get("foreground")
	if okB && okT {
		for i := 0; i <= 20; i++ {
			if c := Mix(border, text, float64(i)/20); standsOut(c, on) {
				return c
			}
		}
	}
	return blackOrWhite(on)
}

// blackOrWhite is whichever of black and white has the most contrast
// against the surface that is worst for it.
func blackOrWhite(on []RGB) RGB {
	black, white := RGB{0, 0, 0}, RGB{255, 255, 255}
	worst := func(c RGB) float64 {
		m := 21.0
		for _, s := range on {
			m = min(m, Ratio(c, s))
		}
		return m
	}
	if worst(black) >= worst(white) {
		return black
	}
	return white
}

// Shortfall is a derived colour that does not stand out on a surface.
type Shortfall struct {
	Token, Colour string  // the derived token and its value
	On, Surface   string  // the surface token and its value
	Ratio         float64 // their contrast, below NonText
}

// Check derives the theme's colours and lists each one that misses
// NonText on a surface it is drawn on: with surfaces so far apart that
// neither black nor white stands out on both, no ring can.
func Check(colors map[string]string) []Shortfall {
	derived := Derive(colors)
	var out []Shortfall
	for _, s := range Surfaces {
		c, _ := Parse(derived[s.Token])
		for _, k := range s.On {
			v := colors[k]
			if _, ok := Parse(v); !ok {
				v = Defaults[k]
			}
			on, _ := Parse(v)
			if r := Ratio(c, on); r < NonText {
				out = append(out, Shortfall{s.Token, c.Hex(), k, v, r})
			}
		}
	}
	return out
}
