package httpapi

import (
	"net/http"

	"forecourt/internal/apitypes"
	"forecourt/internal/listing"
)

// handleCarsByID answers GET /api/cars?ids=1,2,3: the compare page's cars,
// in the order asked, so a shared /compare?ids=… link shows the same cars
// in any browser. Sold cars come back (available false) so the page can say
// so; an id the site does not show (hidden, another site's, unknown) is
// listed under "missing" instead.
func (s *Server) handleCarsByID(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	ids, err := listing.ParseCompareIDs(r.URL.Query().Get("ids"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	st, err := s.stock(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	cfg, now := st.Index.Config(), s.Now()
	cars, missing := []listing.Card{}, []int64{}
	for _, id := range ids {
		car, ok := st.Index.CarByID(id)
		if !ok || !car.ShowOnWebsite {
			missing = append(missing, id)
			continue
		}
		cars = append(cars, listing.ForCompare(listing.CardFor(car, site, cfg, now)))
	}
	w.Header().Set("Cache-Control", "no-cache")
	writeJSON(w, http.StatusOK, apitypes.CompareCars{Cars: cars, Missing: missing})
}
