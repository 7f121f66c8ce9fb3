package httpapi

import (
	"net/http"
	"strconv"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/listing"
)

// maxCompareIDs bounds GET /api/cars?ids=: the compare list holds 4 cars
// (docs/behaviour/states.md#favourites-compare); a shared link may carry a
// few more, and nothing longer is read.
const maxCompareIDs = 8

const msgCompareIDs = "ids must be up to 8 car ids separated by commas, like 12,34,56."

// handleCarsByID answers GET /api/cars?ids=1,2,3: the compare page's cars,
// in the order asked, so a shared /compare?ids=… link shows the same cars
// in any browser. Sold cars come back (available false) so the page can say
// so; an id the site does not show (hidden, another site's, unknown) is
// listed under "missing" instead.
func (s *Server) handleCarsByID(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	ids, ok := parseCarIDs(r.URL.Query().Get("ids"))
	if !ok {
		s.writeError(w, r, &catalog.Error{Code: catalog.EInvalid, Message: msgCompareIDs, Fields: map[string]string{"ids": msgCompareIDs}})
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
	writeJSON(w, http.StatusOK, map[string]any{"cars": cars, "missing": missing})
}

// parseCarIDs reads "1,2,3": positive whole numbers, duplicates dropped,
// at least one and at most maxCompareIDs.
func parseCarIDs(raw string) ([]int64, bool) {
	var ids []int64
	for _, part := range strings.Split(raw, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		id, err := strconv.ParseInt(part, 10, 64)
		if err != nil || id <= 0 {
			return nil, false
		}
		dup := false
		for _, seen := range ids {
			dup = dup || seen == id
		}
		if !dup {
			ids = append(ids, id)
		}
	}
	return ids, len(ids) > 0 && len(ids) <= maxCompareIDs
}
