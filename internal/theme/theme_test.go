package theme_test

import (
	"strings"
	"testing"

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
		{"sorted tokens", map[string]string{"primary": "#c00", "background": "#fff"}, "0.5rem", ":root{--background:#fff;--primary:#c00;--radius:0.5rem;}\n"},
		{"no theme", nil, "", ":root{}\n"},
		{"a value that would end the rule", map[string]string{"primary": "red;} body{display:none", "accent": "#00f"}, "1px}", ":root{--accent:#00f;}\n"},
		{"a name that would close the element", map[string]string{"x</style>": "red"}, "", ":root{}\n"},
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
	if want := ".a{content:'<\\/style>'}\n:root{--primary:red;}\n"; got != want {
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
}
