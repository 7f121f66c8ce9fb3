package sitepages

import (
	"bytes"
	"strconv"
	"strings"
	"sync"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// ContentPage is GET /api/pages: one configured page of the site, its Markdown
// rendered to sanitised HTML.
type ContentPage struct {
	Path         string               `json:"path"`
	Title        string               `json:"title"`
	Description  string               `json:"description"`
	Component    string               `json:"component,omitempty"`
	HTML         string               `json:"html"`
	FAQs         []FAQ                `json:"faqs"`
	BookingLinks []tenant.BookingLink `json:"booking_links"`
}

type FAQ struct {
	Question string `json:"question"`
	HTML     string `json:"html"`
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
// site values it names ({trade_in.max_km}, {warranty}, …) so a figure the
// site configures elsewhere is written once.
func RenderMarkdown(site *tenant.Site, src string) string {
	if strings.TrimSpace(src) == "" {
		return ""
	}
	var buf bytes.Buffer
	if err := markdown.Convert([]byte(siteValues(site).Replace(src)), &buf); err != nil {
		return ""
	}
	return strings.TrimSpace(pagePolicy().Sanitize(buf.String()))
}

func siteValues(site *tenant.Site) *strings.Replacer {
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
	)
}

// Content is the page pg of the site as GET /api/pages answers it: its
// Markdown and its FAQs' answers rendered to sanitised HTML.
func Content(site *tenant.Site, pg *tenant.Page) ContentPage {
	body := ContentPage{
		Path: pg.Path, Title: pg.Title, Description: pg.Description, Component: pg.Component,
		HTML: RenderMarkdown(site, pg.Content), FAQs: []FAQ{}, BookingLinks: pg.BookingLinks,
	}
	for _, f := range pg.FAQs {
		body.FAQs = append(body.FAQs, FAQ{Question: siteValues(site).Replace(f.Question), HTML: RenderMarkdown(site, f.Answer)})
	}
	if body.BookingLinks == nil {
		body.BookingLinks = []tenant.BookingLink{}
	}
	return body
}
