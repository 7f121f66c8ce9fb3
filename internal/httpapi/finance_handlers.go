package httpapi

import (
	"net/http"
	"strconv"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/finance"
	"forecourt/internal/listing"
)

// handleYouxQuote answers POST /api/youx/quote with an indicative quote
// worked out locally (docs/behaviour/calls.md), when the site has the feature on.
func (s *Server) handleYouxQuote(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	if !site.Features.YouxQuote {
		s.writeError(w, r, catalog.Errorf(catalog.ENotFound, "Finance quotes are not offered on this site."))
		return
	}
	req, err := finance.ReadQuoteRequest(r.Body)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	q, err := finance.IndicativeQuote(req, s.Now().Year())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, apitypes.FromYouxQuote(q))
}

// handleFinanceCar answers GET /api/finance/cars/{id}: the car a finance
// link names by car_id, as GET /api/cars/{slug} shows it, so the
// personalised finance page can show the car and prefill the calculator.
func (s *Server) handleFinanceCar(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		s.writeError(w, r, &catalog.Error{Code: catalog.EInvalid, Message: "car_id must be a car's number.",
			Fields: map[string]string{"car_id": "Must be a positive whole number."}})
		return
	}
	car, st, err := s.shownCar(r.Context(), site, "", id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, apitypes.CarAnswer{Car: listing.DetailFor(car, site, st.Index.Config(), s.Now())})
}
