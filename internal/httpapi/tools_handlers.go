package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/geo"
	"forecourt/internal/leads"
	"forecourt/internal/listing"
	"forecourt/internal/market"
	"forecourt/internal/store"
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
	writeJSON(w, http.StatusOK, p)
}

// handleDeliveryQuote answers GET /api/delivery-quote?postcode=&car= with
// the site's delivery zone for the distance from the car's location.
func (s *Server) handleDeliveryQuote(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	q := r.URL.Query()
	if err := geo.CheckPostcodeLength(q.Get("postcode")); err != nil {
		s.writeError(w, r, err)
		return
	}
	postcode := strings.TrimSpace(q.Get("postcode"))
	if postcode == "" {
		s.writeError(w, r, &catalog.Error{Code: catalog.EInvalid, Message: geo.MsgDeliveryPostcodeEmpty,
			Fields: map[string]string{"postcode": geo.MsgDeliveryPostcodeEmpty}})
		return
	}
	if !geo.ValidPostcode(postcode) {
		s.writeError(w, r, &catalog.Error{Code: catalog.EInvalid, Message: geo.MsgPostcodeFormat,
			Fields: map[string]string{"postcode": geo.MsgPostcodeFormat}})
		return
	}
	slug := strings.TrimSpace(q.Get("car"))
	if slug == "" {
		s.writeError(w, r, &catalog.Error{Code: catalog.EInvalid, Message: "Please choose a car.",
			Fields: map[string]string{"car": "Please choose a car."}})
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
	writeJSON(w, http.StatusOK, quote)
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

type tradeInOptions struct {
	Questions   []market.TradeInQuestion `json:"questions"`
	Makes       []market.TradeInMake     `json:"makes"`
	States      []string                 `json:"states"`
	MaxAgeYears int                      `json:"max_age_years"`
	MaxKM       int                      `json:"max_km"`
	FAQ         string                   `json:"faq"`
	Years       []int                    `json:"years"`
}

// handleTradeInOptions answers GET /api/trade-in/options: the condition
// questions, makes and models known to the platform and the FAQ limits.
func (s *Server) handleTradeInOptions(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	pool, err := s.Listing.Market(r.Context(), site.Currency)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	cfg := site.TradeIn
	out := tradeInOptions{
		Questions: market.TradeInQuestions, Makes: market.TradeInMakeList(pool), States: market.TradeInStates,
		MaxAgeYears: cfg.MaxAgeYears, MaxKM: cfg.MaxKM, FAQ: market.TradeInFAQMessage(cfg),
		Years: market.TradeInYears(s.Now()),
	}
	writeJSON(w, http.StatusOK, out)
}

// maxToolBody bounds a tool request's JSON body.
const maxToolBody = 64 << 10

// decodeToolBody reads a small JSON object; anything else is a clear 422.
func decodeToolBody(r *http.Request, v any) error {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxToolBody+1))
	if err != nil {
		return catalog.Errorf(catalog.EInvalid, "The request could not be read.")
	}
	if len(body) > maxToolBody {
		return catalog.Errorf(catalog.EInvalid, "The request is too large.")
	}
	if len(bytes.TrimSpace(body)) == 0 {
		body = []byte("{}")
	}
	if err := json.Unmarshal(body, v); err != nil {
		return catalog.Errorf(catalog.EInvalid, "The request must be a JSON object with the documented fields.")
	}
	return nil
}

// handleTradeInValuation answers POST /api/trade-in/valuation with a price
// range, or the FAQ message when the car is beyond the online limits.
func (s *Server) handleTradeInValuation(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	if !site.Features.TradeIn {
		s.writeError(w, r, catalog.Errorf(catalog.ENotFound, "Trade-in valuations are not available on this site."))
		return
	}
	var req market.TradeInRequest
	if err := decodeToolBody(r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	pool, err := s.Listing.Market(r.Context(), site.Currency)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	now := s.Now()
	car, _, err := market.TradeInValidate(req, pool, now)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, market.TradeInValue(car, req.AdjustmentAnswers, pool, site.TradeIn, now))
}

// miscellaneousRecord is docs/behaviour/calls.md's POST /api/miscellaneous body:
// a result to keep, named by column_name ('valuation').
type miscellaneousRecord struct {
	ColumnName string          `json:"column_name"`
	LeadID     any             `json:"lead_id"`
	Valuation  json.RawMessage `json:"valuation"`
	// Email is an unsubscribe request's address (/pages/unsubscribe).
	Email string `json:"email"`
}

var miscellaneousColumns = map[string]bool{"valuation": true, "unsubscribe": true}

// handleMiscellaneous answers POST /api/miscellaneous: the valuation is kept
// with its lead id for the dealer, and the visitor is told success.
func (s *Server) handleMiscellaneous(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	body, err := io.ReadAll(io.LimitReader(r.Body, maxToolBody+1))
	if err != nil || len(body) > maxToolBody {
		s.writeError(w, r, catalog.Errorf(catalog.EInvalid, "The request is too large."))
		return
	}
	var rec miscellaneousRecord
	if err := json.Unmarshal(body, &rec); err != nil {
		s.writeError(w, r, catalog.Errorf(catalog.EInvalid, "The request must be a JSON object with column_name 'valuation'."))
		return
	}
	if !miscellaneousColumns[rec.ColumnName] {
		s.writeError(w, r, &catalog.Error{Code: catalog.EInvalid, Message: "Unknown column_name.",
			Fields: map[string]string{"column_name": "column_name must be 'valuation' or 'unsubscribe'."}})
		return
	}
	if rec.ColumnName == "unsubscribe" {
		// The request is kept in the site's miscellaneous log for the dealer's
		// mailing list; the address must be one.
		email := strings.TrimSpace(rec.Email)
		if len(email) > 254 || !leads.ValidEmail(email) {
			s.writeError(w, r, &catalog.Error{Code: catalog.EInvalid, Message: "Please enter a valid email address.",
				Fields: map[string]string{"email": "Please enter a valid email address."}})
			return
		}
		data, _ := json.Marshal(map[string]string{"email": email})
		wctx, cancel := s.writeContext(r)
		defer cancel()
		if _, err := s.Store.SaveValuationRecord(wctx, site.Slug, store.ValuationRecord{
			ColumnName: rec.ColumnName, Data: data, CreatedAt: s.Now(),
		}); err != nil {
			s.writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]bool{"success": true})
		return
	}
	leadID := ""
	switch v := rec.LeadID.(type) {
	case string:
		leadID = strings.TrimSpace(v)
	case float64:
		leadID = strconv.FormatFloat(v, 'f', -1, 64)
	}
	if len(leadID) > 200 {
		s.writeError(w, r, &catalog.Error{Code: catalog.EInvalid, Message: "lead_id is too long.",
			Fields: map[string]string{"lead_id": "lead_id is too long."}})
		return
	}
	data := rec.Valuation
	if len(bytes.TrimSpace(data)) == 0 || string(bytes.TrimSpace(data)) == "null" {
		data = body // the whole result, when it is not nested under "valuation"
	}
	wctx, cancel := s.writeContext(r)
	defer cancel()
	if _, err := s.Store.SaveValuationRecord(wctx, site.Slug, store.ValuationRecord{
		ColumnName: rec.ColumnName, LeadID: leadID, Data: data, CreatedAt: s.Now(),
	}); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.Logger.Info("valuation kept", slog.String("site", site.Slug), slog.Bool("with_lead", leadID != ""))
	writeJSON(w, http.StatusOK, map[string]bool{"success": true})
}

// tradeInCar is the car a buyer trades towards on /cars/trade-in.
type tradeInCar struct {
	ID              int64  `json:"id"`
	Slug            string `json:"slug"`
	Name            string `json:"name"`
	Year            int    `json:"year"`
	Make            string `json:"make"`
	Model           string `json:"model"`
	Badge           string `json:"badge"`
	Status          string `json:"status"`
	PrimaryImageURL string `json:"primary_image_url"`
	// Available: in stock or coming soon, the only cars /cars/trade-in
	// serves (docs/behaviour/screens.md).
	Available bool `json:"available"`
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
	writeJSON(w, http.StatusOK, tradeInCar{
		ID: car.ID, Slug: car.Slug, Name: car.Name, Year: car.Year, Make: car.Make, Model: car.Model, Badge: car.Badge,
		Status: car.Status, PrimaryImageURL: car.PrimaryImageURL, Available: car.Available(),
	})
}
