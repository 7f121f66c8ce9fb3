// Package sitepages holds the rules of a site's pages that show its
// reference records (locations, dealerships, new models): which of those
// pages exist, what their heads say, the schema.org data they carry and
// how models are summarised for lists and menus. Nothing here speaks HTTP;
// the web layer decodes the request, calls these and encodes the answer.
package sitepages

import (
	"strings"

	"forecourt/internal/tenant"
)

// Head is what a page says of itself in its HTML head.
type Head struct {
	Title       string
	Description string
	Canonical   string
	Image       string
	Type        string // OpenGraph type
	JSONLD      any
	// Preload fetches the page's largest picture with the HTML.
	Preload []ImagePreload
	// DataPreload is the address of the app's first API call on the page,
	// started with the page; a page drawn on the server carries that data
	// already and leaves it out.
	DataPreload string
}

// Description is the site's own description, or one made of its name and
// place.
func Description(site *tenant.Site) string {
	if site.Wording.Description != "" {
		return site.Wording.Description
	}
	return "New, used and demo vehicles, finance and servicing at " + site.Name + ", " + site.City + " " + site.State + "."
}

// PlainLocalPath reports an address on this site with no query, fragment
// or characters a browser would re-encode, so the app's address for it is
// exactly the one written here.
func PlainLocalPath(s string) bool {
	if !strings.HasPrefix(s, "/") || strings.HasPrefix(s, "//") {
		return false
	}
	for _, r := range s {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/-_.~", r)
		if !ok {
			return false
		}
	}
	return true
}
