package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/httpjson"
	"forecourt/internal/listing"
	"forecourt/internal/market"
	"forecourt/internal/sheet"
	"forecourt/internal/tenant"
)

// The vehicle page's own calls: price comparison, views, phone reveals and
// the printable sheet (docs/behaviour/states.md and docs/behaviour/calls.md; docs/behaviour/http.md).

// detailCar finds the car of the request's {slug}, shown on the website,
// sold ones included.
func (s *Server) detailCar(r *http.Request) (catalog.Car, *listing.Stock, error) {
	return s.shownCar(r.Context(), siteFrom(r.Context()), r.PathValue("slug"), 0)
}

// shownCar finds a car the site shows on its website (listing.Service.ShownCar).
func (s *Server) shownCar(ctx context.Context, site *tenant.Site, slug string, id int64) (catalog.Car, *listing.Stock, error) {
	return s.Listing.ShownCar(ctx, site, slug, id)
}

// handleAutogauge answers GET /api/cars/{slug}/autogauge: the car's price
// against comparables from every site that prices in the same currency
// (internal/market/autogauge.go documents the statistic).
func (s *Server) handleAutogauge(w http.ResponseWriter, r *http.Request) {
	car, _, err := s.detailCar(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	pool, err := s.Listing.MarketModel(r.Context(), siteFrom(r.Context()), car.Make, car.Model)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, apitypes.FromAutogauge(market.AutogaugeAmong(car, pool)))
}

// handleCarView answers GET /api/cars/{slug}/view.json: it counts the view
// and returns the car's views (docs/behaviour/calls.md).
func (s *Server) handleCarView(w http.ResponseWriter, r *http.Request) {
	check, err := listing.ParseViewCheck(r.URL.Query())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	car, st, err := s.detailCar(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	site := siteFrom(r.Context())
	wctx, cancel := s.writeContext(r)
	defer cancel()
	// A visitor's address counts once per car per day, in the store, so
	// every node agrees and reloading the page inflates nothing.
	recorded, err := s.Store.RecordView(wctx, site.Slug, car.ID, listing.VisitorKey(site.Slug, s.clientAddr(r)), s.Now().UTC().Format(time.DateOnly))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := apitypes.CarView{Views: car.Views + recorded, CarFields: struct{}{}}
	if check.Stale(car) {
		out.CarFields = listing.CardFor(car, site, st.Index.Config(), s.Now())
	}
	writeJSON(w, http.StatusOK, out)
}

type callRevealRequest struct {
	CarID        *int64 `json:"car_id"`
	DealershipID *int64 `json:"dealership_id"`
	WebsiteID    any    `json:"website_id"`
}

// handleCallReveal answers POST /api/cars/{slug}/call-reveal: a visitor
// revealed the dealer's number on the car's page (docs/behaviour/states.md, Phone
// reveal). The page only logs a failure.
func (s *Server) handleCallReveal(w http.ResponseWriter, r *http.Request) {
	var req callRevealRequest
	// Every field is optional: no body is an empty one.
	if err := httpjson.Decode(w, r, &req, httpjson.MaxSmallBody); err != nil && !errors.Is(err, httpjson.ErrEmptyBody) {
		s.writeError(w, r, err)
		return
	}
	car, _, err := s.detailCar(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if req.CarID != nil && *req.CarID != car.ID {
		s.writeError(w, r, &catalog.Error{Code: catalog.EInvalid, Message: "Please check the car.",
			Fields: map[string]string{"car_id": "car_id is not the car of this page."}})
		return
	}
	site := siteFrom(r.Context())
	wctx, cancel := s.writeContext(r)
	defer cancel()
	n, err := s.Store.RecordCallReveal(wctx, site.Slug, car.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.Logger.Info("call reveal", slog.String("site", site.Slug), slog.Int64("car_id", car.ID),
		slog.Int64("dealership_id", car.DealershipID), slog.Int("reveals", n))
	w.WriteHeader(http.StatusNoContent)
}

// handleCarPDF answers GET /api/cars/{slug}/print.pdf with a one-page sheet
// (docs/behaviour/http.md), only on sites that print (docs/behaviour/roles.md, print PDF).
func (s *Server) handleCarPDF(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	if !site.Features.PrintPDF {
		s.writeError(w, r, catalog.Errorf(catalog.ENotFound, "Printing is not available on this site."))
		return
	}
	car, st, err := s.detailCar(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	// A missing car is answered above from the index alone; drawing a
	// sheet costs far more, so each address gets a few at a time.
	if !s.limitSheet(w, r) {
		return
	}
	recs, err := s.Listing.Records(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	locs := recs.Locations
	var loc *catalog.Location
	for i := range locs {
		if locs[i].ID == car.LocationID {
			loc = &locs[i]
		}
	}
	h := listing.CardFor(car, site, st.Index.Config(), s.Now())
	b, err := sheet.Sheet{Site: site, Car: h, Location: loc, BaseURL: s.origin(r), Image: s.sheetImage(car.PrimaryImageURL)}.PDF()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writePDF(w, b, `attachment; filename="`+car.Slug+`.pdf"`)
}

// handleHistoryReport answers GET /api/cars/{slug}/history-report.pdf with
// the car's history summary, drawn from the site's own records
// (docs/behaviour/http.md#api-history-report): only for a car whose feed
// gives a history report (its file); any other car is the site's 404.
func (s *Server) handleHistoryReport(w http.ResponseWriter, r *http.Request) {
	car, st, err := s.detailCar(r)
	if err == nil && strings.TrimSpace(car.File) == "" {
		err = catalog.Errorf(catalog.ENotFound, "This car has no history report.")
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	// Drawn on each request, like the printable sheet: limited alike.
	if !s.limitSheet(w, r) {
		return
	}
	site := siteFrom(r.Context())
	now := s.Now()
	if zone, zerr := time.LoadLocation(site.Timezone); zerr == nil {
		now = now.In(zone)
	}
	h := listing.CardFor(car, site, st.Index.Config(), now)
	b, err := sheet.History{Site: site, Car: h.Car, Date: now.Format("2 January 2006")}.PDF()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	// Opened in the browser's own viewer, in a tab of its own.
	writePDF(w, b, `inline; filename="`+car.Slug+`-history.pdf"`)
}

// writePDF sends a drawn document, never cached: it is drawn afresh from
// the car as it is now.
func writePDF(w http.ResponseWriter, b []byte, disposition string) {
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", disposition)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	_, _ = w.Write(b)
}

// The sheet's picture: wide enough for print, one of the sizes the image
// service draws (media.Widths).
const (
	sheetImageWidth   = 900
	sheetImageQuality = 80
)

// sheetImage draws the car's picture through the site's own image service;
// a picture from elsewhere (never fetched: nothing loads from outside) or a
// failure leaves the sheet without one.
func (s *Server) sheetImage(src string) []byte {
	if s.Media == nil || !strings.HasPrefix(src, "/img/") || !strings.HasSuffix(strings.SplitN(src, "?", 2)[0], ".jpg") {
		return nil
	}
	b, _ := s.Media.JPEG(src, sheetImageWidth, sheetImageQuality)
	return b
}
