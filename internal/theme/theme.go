// Package theme is a site's brand as CSS: its theme's values as the custom
// properties the app's tokens read (a brand is a set of values, nothing
// more), and the styles each page carries in its head.
package theme

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"slices"
	"strings"
	"sync"

	"forecourt/internal/colour"
	"forecourt/internal/tenant"
)

// CSS renders the site's theme as CSS custom properties.
func CSS(site *tenant.Site) []byte {
	keys := make([]string, 0, len(site.Theme.Colors))
	for k := range site.Theme.Colors {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	b.WriteString(":root{")
	for _, k := range keys {
		v := site.Theme.Colors[k]
		// Values come from validated config, but a stray ';' or brace must
		// not let one value rewrite the sheet.
		if strings.ContainsAny(k+v, ";{}<>\\\"'") {
			continue
		}
		b.WriteString("--" + k + ":" + v + ";")
	}
	// docs/behaviour/screens.md#focus-ring: a ring and control edges that
	// stand out on each surface, derived from the theme's own colours.
	// Without colours the app's own fallbacks, which include these, apply.
	derived := map[string]string{}
	if len(site.Theme.Colors) > 0 {
		derived = colour.Derive(site.Theme.Colors)
	}
	for _, k := range slices.Sorted(maps.Keys(derived)) {
		b.WriteString("--" + k + ":" + derived[k] + ";")
	}
	if site.Theme.Radius != "" && !strings.ContainsAny(site.Theme.Radius, ";{}<>\\\"'") {
		b.WriteString("--radius:" + site.Theme.Radius + ";")
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

// Version names the site's theme CSS, changing when it does.
func Version(site *tenant.Site) string { return versionOf(CSS(site)) }

func versionOf(css []byte) string {
	sum := sha256.Sum256(css)
	return hex.EncodeToString(sum[:6])
}

// PageStyles are the styles every page of a site carries inline in its
// head (the app's stylesheet followed by the site's theme) and the theme
// sheet /site.css serves, each made once per site. A site read again from
// its file is a new *tenant.Site: its styles are made again. App is set
// before first use.
type PageStyles struct {
	App []byte // the app's stylesheet

	sites sync.Map // slug → *styles
}

type styles struct {
	site    *tenant.Site // what they were made from
	page    []byte
	sheet   []byte
	version string
}

func (p *PageStyles) of(site *tenant.Site) *styles {
	if v, ok := p.sites.Load(site.Slug); ok && v.(*styles).site == site {
		return v.(*styles)
	}
	sheet := CSS(site)
	page := append(append(append([]byte{}, p.App...), '\n'), sheet...)
	// Nothing in the sheet may close the element it sits in.
	page = bytes.ReplaceAll(page, []byte("</"), []byte(`<\/`))
	s := &styles{site: site, page: page, sheet: sheet, version: versionOf(sheet)}
	p.sites.Store(site.Slug, s)
	return s
}

// For returns the site's page styles, safe inside a <style> element.
func (p *PageStyles) For(site *tenant.Site) []byte { return p.of(site).page }

// Sheet returns the site's theme CSS and its Version.
func (p *PageStyles) Sheet(site *tenant.Site) (css []byte, version string) {
	s := p.of(site)
	return s.sheet, s.version
}
