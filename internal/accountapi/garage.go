package accountapi

import (
	"net/http"

	"forecourt/internal/apitypes"
	"forecourt/internal/httpjson"
	"forecourt/internal/listing"
	"forecourt/internal/tenant"
)

// Garage is GET /api/garage: the signed-in visitor's watchlist (the
// cars the site still shows, as search hits), saved searches and the
// enquiries they sent from this site.
func (s *API) Garage(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	site := tenant.SiteFrom(r.Context())
	ctx, cancel := accountCtx(r)
	defer cancel()
	out := apitypes.Garage{Phone: sess.Phone, Watchlist: []listing.Card{}, Enquiries: []apitypes.Enquiry{}}
	ids, err := s.Store.WatchlistCarIDs(ctx, site.Slug, sess.Phone)
	if err != nil {
		s.accountStoreErr(w, r, err)
		return
	}
	st, err := s.Listing.Stock(r.Context(), site)
	if err != nil {
		s.Errors.Write(w, r, err)
		return
	}
	cfg, now := st.Index.Config(), s.Now()
	for _, id := range ids {
		if c, ok := st.Index.CarByID(id); ok && c.ShowOnWebsite {
			out.Watchlist = append(out.Watchlist, listing.Brief(listing.CardFor(c, site, cfg, now)))
		}
	}
	if out.SavedSearches, err = s.savedSearches(r, site, sess.Phone); err != nil {
		s.accountStoreErr(w, r, err)
		return
	}
	leads, err := s.Store.LeadsByUser(ctx, site.Slug, sess.Phone)
	if err != nil {
		s.accountStoreErr(w, r, err)
		return
	}
	for _, l := range leads {
		out.Enquiries = append(out.Enquiries, apitypes.EnquiryFrom(l))
	}
	httpjson.Write(w, http.StatusOK, out)
}
