package theme_test

import (
	"strings"
	"testing"

	"forecourt/internal/colour"
	"forecourt/internal/tenant"
	"forecourt/internal/theme"
)

func site(slug string, colors map[string]string, radius string) *tenant.Site {
	s := &tenant.Site{Slug: slug}
	s.Theme.Colors, s.Theme.Radius = colors, radius
	return s
}

func TestCSS(t *testing.T) {
	for _, c := range []struct {
		name   string
		colors map[string]string
		radius string
		want   string
	}{
		{"sorted tokens", map[string]string{"primary": "#c00", "background": "#fff"}, "0.5rem", ":root{--background:#fff;--primary:#c00;--input:#868a93;--ring:#cc0000;--ring-footer:#cc0000;--ring-header:#cc0000;--radius:0.5rem;}\n"},
		{"no theme", nil, "", ":root{}\n"},
		{"a value that would end the rule", map[string]string{"primary": "red;} body{display:none", "accent": "#00f"}, "1px}", ":root{--accent:#00f;--input:#868a93;--ring:#1f2937;--ring-footer:#f9fafb;--ring-header:#1f2937;}\n"},
		{"a name that would close the element", map[string]string{"x</style>": "red"}, "", ":root{--input:#868a93;--ring:#1f2937;--ring-footer:#f9fafb;--ring-header:#1f2937;}\n"},
	} {
		if got := string(theme.CSS(site("a", c.colors, c.radius))); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

func TestVersionFollowsTheTheme(t *testing.T) {
	a := theme.Version(site("a", map[string]string{"primary": "#c00"}, ""))
	if b := theme.Version(site("b", map[string]string{"primary": "#c00"}, "")); a != b {
		t.Error("the same theme has two versions")
	}
	if b := theme.Version(site("a", map[string]string{"primary": "#0c0"}, "")); a == b {
		t.Error("a changed theme kept its version")
	}
}

func TestPageStyles(t *testing.T) {
	p := theme.PageStyles{App: []byte(".a{content:'</style>'}")}
	red := site("red", map[string]string{"primary": "red"}, "")
	got := string(p.For(red))
	if want := ".a{content:'<\\/style>'}\n:root{--primary:red;--input:#868a93;--ring:#1f2937;--ring-footer:#f9fafb;--ring-header:#1f2937;}\n"; got != want {
		t.Errorf("styles %q, want %q", got, want)
	}
	if strings.Contains(got, "</") {
		t.Error("the styles can close their element")
	}
	// Kept per site: another site gets its own.
	if blue := string(p.For(site("blue", map[string]string{"primary": "blue"}, ""))); !strings.Contains(blue, "--primary:blue") {
		t.Errorf("another site's styles %q", blue)
	}
	if again := string(p.For(red)); again != got {
		t.Errorf("the site's styles changed: %q", again)
	}
	// The theme sheet of /site.css comes from the same making, with its
	// version.
	if sheet, v := p.Sheet(red); string(sheet) != string(theme.CSS(red)) || v != theme.Version(red) {
		t.Errorf("sheet %q version %s", sheet, v)
	}
	// The site read again from a changed file: its new colours, at once.
	redder := site("red", map[string]string{"primary": "#f00"}, "")
	if now := string(p.For(redder)); !strings.Contains(now, "--primary:#f00") {
		t.Errorf("a changed site keeps its old styles: %q", now)
	}
	if _, v := p.Sheet(redder); v != theme.Version(redder) {
		t.Error("a changed site's sheet keeps its old version")
	}
}

// docs/behaviour/screens.md#focus-ring: on every demo site the focus ring
// reaches 3:1 on each surface it is drawn on (page, header, footer), and a
// text field's or checkbox's edge reaches 3:1 on the page. A token the
// sheet leaves out is read as the app used to: the brand colour for a
// ring, the decorative border for a control's edge.
func TestEverySitesRingStandsOut(t *testing.T) {
	r, err := tenant.LoadEmbedded()
	if err != nil {
		t.Fatal(err)
	}
	sites := r.Sites()
	if len(sites) < 5 {
		t.Fatalf("%d demo sites", len(sites))
	}
	for _, s := range sites {
		css := string(theme.CSS(s))
		value := func(token, otherwise string) string {
			if v := cssVar(css, token); v != "" {
				return v
			}
			if v := cssVar(css, otherwise); v != "" {
				return v
			}
			return colour.Defaults[otherwise]
		}
		for _, c := range []struct{ token, fallback, on string }{
			{"ring", "primary", "background"},
			{"ring", "primary", "muted"},
			{"ring-header", "primary", "header"},
			{"ring-footer", "primary", "footer"},
			{"input", "border", "background"},
			{"input", "border", "muted"},
		} {
			fg, bg := value(c.token, c.fallback), value(c.on, c.on)
			if r := colour.Contrast(fg, bg); r < colour.NonText {
				t.Errorf("%s: --%s %s on %s %s has contrast %.2f, want ≥ 3", s.Slug, c.token, fg, c.on, bg, r)
			}
		}
	}
}

func cssVar(css, name string) string {
	i := strings.Index(css, "--"+name+":")
	if i < 0 {
		return ""
	}
	v := css[i+len(name)+3:]
	return v[:strings.IndexByte(v, ';')]
}
