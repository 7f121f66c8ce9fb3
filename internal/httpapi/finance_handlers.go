package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strconv"

	"forecourt/internal/catalog"
	"forecourt/internal/finance"
	"forecourt/internal/listing"
)

// maxQuoteBody bounds a quote request; the real one is a few hundred bytes.
const maxQuoteBody = 16 << 10

// handleYouxQuote answers POST /api/youx/quote with an indicative quote
// worked out locally (docs/behaviour/calls.md), when the site has the feature on.
func (s *Server) handleYouxQuote(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	if !site.Features.YouxQuote {
		s.writeError(w, r, catalog.Errorf(catalog.ENotFound, "Finance quotes are not offered on this site."))
		return
	}
	var req finance.QuoteRequest
	dec := json.NewDecoder(io.LimitReader(r.Body, maxQuoteBody))
	if err := dec.Decode(&req); err != nil {
		s.writeError(w, r, quoteDecodeError(err))
		return
	}
	q, err := finance.IndicativeQuote(req, s.Now().Year())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, q)
}

// quoteDecodeError names the field whose JSON type is wrong, or says the
// body is not JSON at all.
func quoteDecodeError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return &catalog.Error{Code: catalog.EInvalid, Message: "Please check the quote details.",
			Fields: map[string]string{te.Field: "Must be " + kindName(te.Type.Kind()) + "."}}
	}
	return catalog.Errorf(catalog.EInvalid, "The request body must be a JSON object.")
}

func kindName(k reflect.Kind) string {
	switch k {
	case reflect.String:
		return "text"
	case reflect.Bool:
		return "true or false"
	}
	return "a number"
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
	writeJSON(w, http.StatusOK, map[string]any{"car": listing.DetailFor(car, site, st.Index.Config(), s.Now())})
}
