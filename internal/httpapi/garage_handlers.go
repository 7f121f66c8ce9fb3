package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"forecourt/internal/accounts"
	"forecourt/internal/listing"
)

const accountsTimeout = accounts.StoreTimeout

// garageEnquiry is a lead the visitor sent on this site while signed in.
type garageEnquiry struct {
	LeadID      string    `json:"lead_id"`
	Category    string    `json:"category"`
	Subcategory string    `json:"subcategory"`
	CarID       *int64    `json:"car_id"`
	CarName     *string   `json:"car_name"`
	CreatedAt   time.Time `json:"created_at"`
}

type garageResponse struct {
	Phone         string          `json:"phone"`
	Watchlist     []listing.Card  `json:"watchlist"`
	SavedSearches []savedSearch   `json:"saved_searches"`
	Enquiries     []garageEnquiry `json:"enquiries"`
}

// handleGarage is GET /api/garage: the signed-in visitor's watchlist (the
// cars the site still shows, as search hits), saved searches and the
// enquiries they sent from this site.
func (s *Server) handleGarage(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	site := siteFrom(r.Context())
	ctx, cancel := context.WithTimeout(r.Context(), accountsTimeout)
	defer cancel()
	out := garageResponse{Phone: sess.Phone, Watchlist: []listing.Card{}, Enquiries: []garageEnquiry{}}
	ids, err := s.Store.WatchlistCarIDs(ctx, site.Slug, sess.Phone)
	if err != nil {
		s.accountStoreErr(w, r, err)
		return
	}
	st, err := s.stock(r.Context(), site)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	cfg, now := st.Index.Config(), s.Now()
	for _, id := range ids {
		if c, ok := st.Index.CarByID(id); ok && c.ShowOnWebsite {
			out.Watchlist = append(out.Watchlist, listing.Brief(listing.CardFor(c, site, cfg, now)))
		}
	}
	if out.SavedSearches, err = s.savedSearches(r.Context(), site, sess.Phone); err != nil {
		s.accountStoreErr(w, r, err)
		return
	}
	leads, err := s.Store.LeadsByUser(ctx, site.Slug, sess.Phone)
	if err != nil {
		s.accountStoreErr(w, r, err)
		return
	}
	for _, l := range leads {
		e := garageEnquiry{LeadID: l.ID, Category: l.Category, Subcategory: l.Subcategory, CreatedAt: l.CreatedAt.UTC()}
		if l.CarID != 0 {
			id := l.CarID
			e.CarID = &id
		}
		if l.Car != nil {
			name := strings.Join(strings.Fields(fmt.Sprintf("%d %s %s %s", l.Car.Year, l.Car.Make, l.Car.Model, l.Car.Badge)), " ")
			e.CarName = &name
		}
		out.Enquiries = append(out.Enquiries, e)
	}
	writeJSON(w, http.StatusOK, out)
}
