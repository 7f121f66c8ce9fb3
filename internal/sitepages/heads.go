package sitepages

import (
	"context"
	"net/url"
	"strconv"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/listing"
	"forecourt/internal/tenant"
)

// HeadOf describes the page the URL u asks for on the site, from the view
// its route draws (Routes.Match); base is the origin the visitor asked
// for. A page naming a record that does not exist (a car, a location, a
// model) is a not_found error, so it answers the site's 404; a site whose
// stock cannot be read yet is unavailable.
func HeadOf(ctx context.Context, l *listing.Service, site *tenant.Site, pg Page, base string, u *url.URL) (Head, error) {
	p := u.Path
	switch pg.View {
	case "home":
		return HomeHead(site, base), nil
	case "search":
		st, err := l.Stock(ctx, site)
		if err != nil {
			return Head{}, err
		}
		return ListingHead(site, base, p, u.Query(), st.Vocab)
	case "vehicle":
		// The same in-memory lookup as the page's own API call: no store read.
		car, _, err := l.ShownCar(ctx, site, strings.TrimPrefix(p, "/cars/"), 0)
		if err != nil {
			return Head{}, err
		}
		return CarHead(site, car, base), nil
	case "print":
		return carRecordHead(ctx, l, site, base, u, true)
	case "trade-in":
		// The trade-in towards one car names it; the others are plain pages.
		if strings.TrimSuffix(p, "/") == "/cars/trade-in" {
			return carRecordHead(ctx, l, site, base, u, false)
		}
	case "locations", "contact":
		if lp, ok := ParseLocationPage(p); ok {
			recs, err := l.Records(ctx, site)
			if err != nil {
				return Head{}, err
			}
			return lp.Head(site, base, recs)
		}
	case "models", "model", "order-now", "brands", "brand-overview":
		if mp, ok := ParseModelPage(p); ok {
			recs, err := l.Records(ctx, site)
			if err != nil {
				return Head{}, err
			}
			return mp.Head(site, base, recs.Models)
		}
	}
	if pg.Config != nil {
		return ConfiguredHead(site, pg.Config, base, p), nil
	}
	return PageHead(site, base, p), nil
}

// carRecordHead is the head of a page about one car its car_id names (an
// id or a slug, as the page's API call takes): the printable sheet
// (print), or the trade-in towards the car. A car that does not exist, a
// sheet the site does not offer, or a trade-in towards a car no longer
// available (docs/behaviour/screens.md) is not_found.
func carRecordHead(ctx context.Context, l *listing.Service, site *tenant.Site, base string, u *url.URL, print bool) (Head, error) {
	h := Head{Description: Description(site), Canonical: base + u.Path, Type: "website"}
	ref := strings.TrimSpace(u.Query().Get("car_id"))
	if ref == "" || (print && !site.Features.PrintPDF) {
		return h, catalog.Errorf(catalog.ENotFound, "no car")
	}
	id, _ := strconv.ParseInt(ref, 10, 64)
	car, _, err := l.ShownCar(ctx, site, ref, id)
	if err != nil {
		return h, err
	}
	if print {
		h.Title = car.Name + " | Print Vehicle | " + site.Name
		h.Canonical = base + "/cars/" + car.Slug
		return h, nil
	}
	if !car.Available() {
		return h, catalog.Errorf(catalog.ENotFound, "car not available")
	}
	h.Title = "Trade-In Valuation | " + car.Name + " | " + site.Name
	h.Canonical = base + "/cars/trade-in?car_id=" + strconv.FormatInt(car.ID, 10)
	return h, nil
}
