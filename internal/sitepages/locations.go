package sitepages

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/listing"
	"forecourt/internal/tenant"
)

// The locations pages (docs/behaviour/screens.md: /dealer-locator,
// /locations/{dealership slug}, /contact-us/{location slug},
// /our-location/{slug}) carry schema.org AutoDealer data built from the same
// locations the page shows, so search engines read the hours the visitor sees.

// locationRank orders departments: sales 1, service 2, parts 3
// (docs/behaviour/constants.md#locations); used-car yards sell, so they rank
// with sales.
func locationRank(l catalog.Location) int {
	switch l.LocationType {
	case catalog.TypeUsed, "", "sales":
		return 1
	case "service":
		return 2
	case "parts":
		return 3
	}
	return 4
}

// addressKey names a location's street address; locations sharing one are
// departments of one place (docs/behaviour/screens.md: "a dropdown switches between
// Sales, Service and Parts at the same address").
func addressKey(l catalog.Location) string {
	return strings.ToLower(strings.Join(strings.Fields(l.Address.Street), " ")) + "|" + l.Address.Postcode
}

// addressGroups groups locations by address, each group's departments by
// rank (primary first among equals), groups by their first department.
func addressGroups(ls []catalog.Location) [][]catalog.Location {
	sorted := slices.Clone(ls)
	slices.SortStableFunc(sorted, func(a, b catalog.Location) int {
		if c := cmp.Compare(locationRank(a), locationRank(b)); c != 0 {
			return c
		}
		if a.Primary != b.Primary {
			if a.Primary {
				return -1
			}
			return 1
		}
		return 0
	})
	var groups [][]catalog.Location
	at := map[string]int{}
	for _, l := range sorted {
		k := addressKey(l)
		if i, ok := at[k]; ok {
			groups[i] = append(groups[i], l)
			continue
		}
		at[k] = len(groups)
		groups = append(groups, []catalog.Location{l})
	}
	return groups
}

// LocationPage is one of the locations pages, named by its URL.
type LocationPage struct {
	path string // without a trailing slash
	kind string // all, locations, contact-us or our-location
	slug string
}

// ParseLocationPage finds the locations page of a URL path; ok is false for
// other paths.
func ParseLocationPage(path string) (pg LocationPage, ok bool) {
	p := strings.TrimSuffix(path, "/")
	pg.path = p
	switch {
	case p == "/dealer-locator":
		pg.kind = "all"
	case strings.HasPrefix(p, "/locations/"), strings.HasPrefix(p, "/contact-us/"), strings.HasPrefix(p, "/our-location/"):
		pg.kind, pg.slug, _ = strings.Cut(strings.TrimPrefix(p, "/"), "/")
		if pg.slug == "" || strings.Contains(pg.slug, "/") {
			return LocationPage{}, false
		}
	default:
		return LocationPage{}, false
	}
	return pg, true
}

// Head describes the page from the site's records; base is the site's
// origin. An unknown slug is not_found, so the page answers the site's 404.
func (pg LocationPage) Head(site *tenant.Site, base string, recs listing.Records) (Head, error) {
	h := Head{Description: Description(site), Canonical: base + pg.path, Type: "website"}
	var visible []catalog.Location
	for _, l := range recs.Locations {
		if l.Visible {
			visible = append(visible, l.Normalized())
		}
	}
	var shown []catalog.Location
	switch pg.kind {
	case "all":
		shown = visible
		h.Title = "Dealer Locator | " + site.Name
		h.Description = "Find " + site.Name + ": addresses, opening hours, holiday hours, phone numbers and directions."
	case "locations":
		ds := recs.Dealerships
		i := slices.IndexFunc(ds, func(d catalog.Dealership) bool { return d.Slug == pg.slug })
		if i < 0 {
			return h, catalog.Errorf(catalog.ENotFound, "no such dealership")
		}
		for _, l := range visible {
			if l.DealershipID == ds[i].ID {
				shown = append(shown, l)
			}
		}
		h.Title = ds[i].Name + " Locations | " + site.Name
		h.Description = ds[i].Name + ": addresses, opening hours, holiday hours, phone numbers and directions."
	default: // contact-us, our-location: one location and its departments at the same address
		i := slices.IndexFunc(visible, func(l catalog.Location) bool { return l.Slug == pg.slug })
		if i < 0 {
			return h, catalog.Errorf(catalog.ENotFound, "no such location")
		}
		loc := visible[i]
		for _, l := range visible {
			if addressKey(l) == addressKey(loc) {
				shown = append(shown, l)
			}
		}
		// The named location leads its address's data.
		slices.SortStableFunc(shown, func(a, b catalog.Location) int {
			if a.ID == loc.ID {
				return -1
			}
			if b.ID == loc.ID {
				return 1
			}
			return 0
		})
		h.Title = loc.Name + " | " + site.Name
		if pg.kind == "contact-us" {
			h.Title = "Contact " + loc.Name + " | " + site.Name
		}
		h.Description = fmt.Sprintf("%s, %s: opening hours, phone and directions.", loc.Name, oneLineAddress(loc.Address))
	}
	h.JSONLD = locationsJSONLD(base, site, shown, pg.kind != "contact-us" && pg.kind != "our-location")
	return h, nil
}

func oneLineAddress(a catalog.Address) string {
	return strings.TrimSpace(fmt.Sprintf("%s, %s %s %s", a.Street, a.City, a.State, a.Postcode))
}

// locationsJSONLD is one AutoDealer per address, each department (sales,
// service, parts) with its own opening hours. byRank keeps the page's
// address order; otherwise the first location given leads.
func locationsJSONLD(base string, site *tenant.Site, ls []catalog.Location, byRank bool) any {
	var groups [][]catalog.Location
	if byRank {
		groups = addressGroups(ls)
	} else if len(ls) > 0 {
		groups = [][]catalog.Location{slices.Concat(ls[:1], flatten(addressGroups(ls[1:])))}
	}
	zone, err := time.LoadLocation(site.Timezone)
	if err != nil {
		zone = time.UTC
	}
	graph := make([]any, 0, len(groups))
	for _, g := range groups {
		lead := g[0]
		d := locationLD(base, lead, zone, site)
		// The place itself is the dealer whatever its first department.
		d["@context"], d["@type"] = "https://schema.org", "AutoDealer"
		if !site.Reviews.Hidden && lead.Reviews.Count > 0 {
			d["aggregateRating"] = map[string]any{
				"@type": "AggregateRating", "ratingValue": lead.Reviews.AverageRating, "reviewCount": lead.Reviews.Count,
			}
		}
		if len(g) > 1 {
			deps := make([]any, 0, len(g)-1)
			for _, l := range g[1:] {
				deps = append(deps, locationLD(base, l, zone, site))
			}
			d["department"] = deps
		}
		graph = append(graph, d)
	}
	if len(graph) == 1 {
		return graph[0]
	}
	return graph
}

func flatten(gs [][]catalog.Location) []catalog.Location {
	var out []catalog.Location
	for _, g := range gs {
		out = append(out, g...)
	}
	return out
}

var schemaDays = [7]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}

// locationLD describes one department: its name, phone, address and weekly
// hours, plus its special dates (validFrom/validThrough one day; a closed
// day opens and closes at 00:00, as schema.org describes).
func locationLD(base string, l catalog.Location, zone *time.Location, site *tenant.Site) map[string]any {
	hours := []any{}
	for _, oh := range l.ContactDetail.OpeningHours {
		if oh.Weekday < 0 || oh.Weekday > 6 || oh.Hours == nil {
			continue
		}
		hours = append(hours, map[string]any{
			"@type": "OpeningHoursSpecification", "dayOfWeek": "https://schema.org/" + schemaDays[oh.Weekday],
			"opens": oh.Hours.Begin, "closes": oh.Hours.End,
		})
	}
	for _, sh := range l.ContactDetail.SpecialHours {
		if sh.LocationID != 0 && sh.LocationID != l.ID {
			continue
		}
		opens, closes := "00:00", "00:00"
		if sh.StartHour != "" && sh.EndHour != "" {
			b, err1 := time.Parse(time.RFC3339, sh.StartHour)
			e, err2 := time.Parse(time.RFC3339, sh.EndHour)
			if err1 != nil || err2 != nil {
				continue
			}
			opens, closes = b.In(zone).Format("15:04"), e.In(zone).Format("15:04")
		}
		hours = append(hours, map[string]any{
			"@type": "OpeningHoursSpecification", "validFrom": sh.Date, "validThrough": sh.Date,
			"opens": opens, "closes": closes,
		})
	}
	phone := l.ContactDetail.Phone
	if phone == "" {
		phone = l.Phone
	}
	d := map[string]any{
		"@type": "AutoDealer", "name": l.Name, "url": base + "/our-location/" + l.Slug,
		"telephone": catalog.FormatPhone(phone),
		"address": map[string]any{
			"@type": "PostalAddress", "streetAddress": l.Address.Street, "addressLocality": l.Address.City,
			"addressRegion": l.Address.State, "postalCode": l.Address.Postcode, "addressCountry": site.Country,
		},
		"openingHoursSpecification": hours,
	}
	if l.ContactDetail.Email != "" {
		d["email"] = l.ContactDetail.Email
	}
	switch l.LocationType {
	case "service":
		d["@type"] = "AutoRepair"
	case "parts":
		d["@type"] = "AutoPartsStore"
	}
	if l.Address.Lat != 0 || l.Address.Long != 0 {
		d["geo"] = map[string]any{"@type": "GeoCoordinates", "latitude": l.Address.Lat, "longitude": l.Address.Long}
	}
	if l.Image.URL != "" {
		d["image"] = base + l.Image.URL
	}
	if l.DealerLicenseNumber != "" {
		d["identifier"] = l.DealerLicenseNumber
	}
	return d
}
