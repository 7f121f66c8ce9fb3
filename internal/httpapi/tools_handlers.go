package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/geo"
	"forecourt/internal/httpjson"
	"forecourt/internal/leads"
	"forecourt/internal/listing"
	"forecourt/internal/market"
	"forecourt/internal/tenant"
)

// Buyer tools: postcode lookup, delivery quote, trade-in valuation and the
// valuation log (docs/behaviour/states.md, docs/behaviour/validation.md and docs/behaviour/calls.md).

const msgPostcodeLookupOff = "Postcode lookup is not available on this site."

// handlePostcode answers GET /api/postcodes/{postcode} (docs/behaviour/http.md).
func (s *Server) handlePostcode(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	if !site.Features.PostcodeLookup {
		s.writeError(w, r, catalog.Errorf(catalog.ENotFound, msgPostcodeLookupOff))
		return
	}
	p, err := geo.Lookup(r.PathValue("postcode"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, apitypes.FromPostcode(p))
}

// handleDeliveryQuote answers GET /api/delivery-quote?postcode=&car= with
// the site's delivery zone for the distance from the car's location.
func (s *Server) handleDeliveryQuote(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	postcode, slug, err := geo.DeliveryRequest(r.URL.Query().Get("postcode"), r.URL.Query().Get("car"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	car, _, err := s.shownCar(r.Context(), site, slug, 0)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if !site.Features.DeliveryCalculator || !site.Features.PostcodeLookup {
		s.writeError(w, r, catalog.Errorf(catalog.ENotFound, geo.MsgDeliveryNoEstimate))
		return
	}
	lat, lng, err := s.carPosition(r.Context(), site, car)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	quote, err := geo.QuoteDelivery(site.Delivery.Zones, lat, lng, postcode)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, apitypes.FromDeliveryQuote(quote))
}

// carPosition is where the car is (listing.CarPosition); 0, 0 when the
// site's locations have no position.
func (s *Server) carPosition(ctx context.Context, site *tenant.Site, car catalog.Car) (float64, float64, error) {
	recs, err := s.Listing.Records(ctx, site)
	if err != nil {
		return 0, 0, err
	}
	lat, lng, _ := listing.CarPosition(car, recs.Locations)
	return lat, lng, nil
}

// handleTradeInOptions answers GET /api/trade-in/options: the condition
// questions, makes and models known to the platform and the FAQ limits.
func (s *Server) handleTradeInOptions(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	pool, err := s.Listing.Market(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	cfg := site.TradeIn
	out := apitypes.TradeInOptions{
		Questions: apitypes.FromTradeInQuestions(tradeInQuestions(site)), Makes: apitypes.FromTradeInMakes(market.TradeInMakeList(pool)),
		States: market.TradeInStatesFor(site.Country), MaxAgeYears: cfg.MaxAgeYears, MaxKM: cfg.MaxKM, FAQ: market.TradeInFAQMessage(cfg),
		Years: market.TradeInYears(s.Now()),
	}
	writeJSON(w, http.StatusOK, out)
}

// handleTradeInValuation answers POST /api/trade-in/valuation with a price
// range, or the FAQ message when the car is beyond the online limits.
// tradeInQuestions are the condition questions the site asks, in the
// words of its stock (a caravan yard's stock is towed: wording.viewing).
func tradeInQuestions(site *tenant.Site) []market.TradeInQuestion {
	return market.TradeInQuestionsFor(site.Wording.StockNoun, site.Wording.Viewing == "inspection")
}

// handleTradeInRego is GET /api/trade-in/rego?rego=&regoState=: the car a
// plate names, as soon as the buyer has given it (so a plate we do not know
// is said on the first step, not after the fourth), or 422 naming the field.
func (s *Server) handleTradeInRego(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	if !site.Features.TradeIn {
		s.writeError(w, r, catalog.Errorf(catalog.ENotFound, "Trade-in valuations are not available on this site."))
		return
	}
	pool, err := s.Listing.Market(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	q := r.URL.Query()
	car, field, msg := market.TradeInFindRego(q.Get("rego"), q.Get("regoState"), pool, market.TradeInStatesFor(site.Country))
	if field != "" {
		s.writeError(w, r, &catalog.Error{Code: catalog.EInvalid, Message: msg, Fields: map[string]string{field: msg}})
		return
	}
	writeJSON(w, http.StatusOK, apitypes.FromTradeInCar(car))
}

func (s *Server) handleTradeInValuation(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	if !site.Features.TradeIn {
		s.writeError(w, r, catalog.Errorf(catalog.ENotFound, "Trade-in valuations are not available on this site."))
		return
	}
	var req market.TradeInRequest
	// Every field is optional: no body is an empty one.
	if err := httpjson.Decode(w, r, &req, httpjson.MaxToolBody); err != nil && !errors.Is(err, httpjson.ErrEmptyBody) {
		s.writeError(w, r, err)
		return
	}
	pool, err := s.Listing.Market(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	now := s.Now()
	car, _, err := market.TradeInValidate(req, pool, market.TradeInStatesFor(site.Country), tradeInQuestions(site), now)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, apitypes.FromTradeInValuation(market.TradeInValue(car, req.AdjustmentAnswers, pool, site.TradeIn, now)))
}

// handleMiscellaneous answers POST /api/miscellaneous: the valuation is kept
// with its lead id for the dealer (leads.ParseMiscellaneous), and the
// visitor is told success.
func (s *Server) handleMiscellaneous(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	body, err := httpjson.ReadBody(w, r, leads.MaxMiscellaneousBody, "The request is too large.")
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	rec, err := leads.ParseMiscellaneous(body)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	rec.CreatedAt = s.Now()
	wctx, cancel := s.writeContext(r)
	defer cancel()
	if _, err := s.Store.SaveValuationRecord(wctx, site.Slug, rec); err != nil {
		s.writeError(w, r, err)
		return
	}
	if rec.ColumnName == "valuation" {
		s.Logger.Info("valuation kept", slog.String("site", site.Slug), slog.Bool("with_lead", rec.LeadID != ""))
	}
	writeJSON(w, http.StatusOK, apitypes.Success{Success: true})
}

// handleTradeInCar answers GET /api/trade-in/car?car_id= (an id or a slug).
func (s *Server) handleTradeInCar(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	ref := strings.TrimSpace(r.URL.Query().Get("car_id"))
	if ref == "" {
		s.writeError(w, r, &catalog.Error{Code: catalog.EInvalid, Message: "Please choose a car.",
			Fields: map[string]string{"car_id": "Please choose a car."}})
		return
	}
	id, _ := strconv.ParseInt(ref, 10, 64) // a link's car_id is the id; a slug also does
	car, _, err := s.shownCar(r.Context(), site, ref, id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, apitypes.TradeInTargetCar{
		ID: car.ID, Slug: car.Slug, Name: car.Name, Year: car.Year, Make: car.Make, Model: car.Model, Badge: car.Badge,
		Status: car.Status, PrimaryImageURL: car.PrimaryImageURL, Available: car.Available(),
	})
}
