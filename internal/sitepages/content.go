package sitepages

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// ContentPage is one configured page of the site, its Markdown rendered to
// sanitised HTML: GET /api/pages answers with it as apitypes.ContentPage.
type ContentPage struct {
	Path         string
	Title        string
	Description  string
	Component    string
	HTML         string
	FAQs         []FAQ
	BookingLinks []tenant.BookingLink
}

// FAQ is one of a page's questions, its answer rendered to HTML.
type FAQ struct {
	Question string
	HTML     string
}

// markdown renders a page's content. Raw HTML in the source is dropped by the
// renderer (it is not in unsafe mode) and the output is sanitised again, so
// nothing from config reaches the page as markup of its own.
var markdown = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.Linkify))

var pagePolicy = sync.OnceValue(func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	// The dealer's own links, so search engines may follow them.
	p.RequireNoFollowOnLinks(false)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	return p
})

// RenderMarkdown turns a page's Markdown into safe HTML, after replacing the
// site values it names ({trade_in.max_km}, {warranty}, {locations.towns}, …)
// so a figure the site configures elsewhere is written once. locs are the
// site's locations.
func RenderMarkdown(site *tenant.Site, locs []catalog.Location, src string) string {
	if strings.TrimSpace(src) == "" {
		return ""
	}
	var buf bytes.Buffer
	if err := markdown.Convert([]byte(siteValues(site, locs).Replace(src)), &buf); err != nil {
		return ""
	}
	return strings.TrimSpace(pagePolicy().Sanitize(buf.String()))
}

func siteValues(site *tenant.Site, locs []catalog.Location) *strings.Replacer {
	var warranty strings.Builder
	for _, l := range site.Wording.Warranty {
		warranty.WriteString("- ")
		if name := strings.TrimSpace(strings.Join([]string{l.Make, l.CarType}, " ")); name != "" {
			warranty.WriteString("**" + name + " vehicles:** ")
		}
		warranty.WriteString(l.Text + "\n")
	}
	return strings.NewReplacer(
		"{site.name}", site.Name,
		"{phones.main}", site.Phones.Main,
		"{trade_in.max_age_years}", strconv.Itoa(site.TradeIn.MaxAgeYears),
		"{trade_in.max_km}", catalog.FormatKM(site.TradeIn.MaxKM),
		"{warranty}", warranty.String(),
		"{locations.towns}", towns(locs),
	)
}

// towns names the towns of the site's visible locations, each once and the
// primary location's first: "Toowoomba and Rockhampton". Page text that
// says where the dealer is takes it from the locations, so it cannot name
// a town the dealer has no yard in.
func towns(locs []catalog.Location) string {
	var names []string
	add := func(l catalog.Location) {
		if c := strings.TrimSpace(l.Address.City); l.Visible && c != "" && !slices.Contains(names, c) {
			names = append(names, c)
		}
	}
	for _, l := range locs {
		if l.Primary {
			add(l)
		}
	}
	for _, l := range locs {
		add(l)
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// Content is the page pg of the site as GET /api/pages answers it: its
// Markdown and its FAQs' answers rendered to sanitised HTML. locs are the
// site's locations.
func Content(site *tenant.Site, locs []catalog.Location, pg *tenant.Page) ContentPage {
	body := ContentPage{
		Path: pg.Path, Title: pg.Title, Description: pg.Description, Component: pg.Component,
		HTML: RenderMarkdown(site, locs, pg.Content), FAQs: []FAQ{}, BookingLinks: pg.BookingLinks,
	}
	for _, f := range pg.FAQs {
		body.FAQs = append(body.FAQs, FAQ{Question: siteValues(site, locs).Replace(f.Question), HTML: RenderMarkdown(site, locs, f.Answer)})
	}
	if body.BookingLinks == nil {
		body.BookingLinks = []tenant.BookingLink{}
	}
	return body
}
