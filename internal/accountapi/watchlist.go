package accountapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"forecourt/internal/accounts"
	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/httpjson"
	"forecourt/internal/httpmw"
	"forecourt/internal/tenant"
)

// accountCtx bounds a store call for a signed-in visitor, so an
// unreachable database answers 503 instead of hanging.
func accountCtx(r *http.Request) (context.Context, context.CancelFunc) {
	return context.WithTimeout(r.Context(), accounts.StoreTimeout)
}

// accountStoreErr is what a visitor sees when a store call for their
// records fails: their own not_found, or unavailable.
func (s *API) accountStoreErr(w http.ResponseWriter, r *http.Request, err error) {
	if _, ok := err.(*catalog.Error); !ok {
		s.Logger.Error("account store call failed", "path", httpmw.LoggedPath(r), "err", err)
		err = catalog.Errorf(catalog.EUnavailable, "This is not available right now. Please try again in a moment.")
	}
	s.Errors.Write(w, r, err)
}

// Watchlist is GET /api/watchlist: {"car_ids": […]} of the visitor.
func (s *API) Watchlist(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	ctx, cancel := accountCtx(r)
	defer cancel()
	ids, err := s.Store.WatchlistCarIDs(ctx, tenant.SiteFrom(r.Context()).Slug, sess.Phone)
	if err != nil {
		s.accountStoreErr(w, r, err)
		return
	}
	httpjson.Write(w, http.StatusOK, apitypes.Watchlist{CarIDs: ids})
}

func (s *API) WatchlistSave(w http.ResponseWriter, r *http.Request) {
	s.changeWatchlist(w, r, true)
}

func (s *API) WatchlistRemove(w http.ResponseWriter, r *http.Request) {
	s.changeWatchlist(w, r, false)
}

// changeWatchlist is POST /api/watchlist/save-car and remove-car
// {phone_number, car_id}: only for the signed-in visitor's own number
// (403 otherwise) and only for a car of this site (404 otherwise).
func (s *API) changeWatchlist(w http.ResponseWriter, r *http.Request, save bool) {
	sess, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	site := tenant.SiteFrom(r.Context())
	var in struct {
		PhoneNumber string          `json:"phone_number"`
		CarID       json.RawMessage `json:"car_id"`
	}
	const carMsg = "Car id must be a whole number."
	if !s.Errors.DecodeSmall(w, r, &in, "car_id", carMsg) {
		return
	}
	if p, ok := accounts.Mobile(site.Country, in.PhoneNumber); !ok || p != sess.Phone {
		s.Errors.Write(w, r, catalog.Errorf(catalog.EForbidden, "You can only change your own watchlist."))
		return
	}
	id, err := strconv.ParseInt(strings.Trim(string(in.CarID), `"`), 10, 64)
	if err != nil || id <= 0 {
		s.Errors.Write(w, r, &catalog.Error{Code: catalog.EInvalid, Message: carMsg, Fields: map[string]string{"car_id": carMsg}})
		return
	}
	if err := s.siteCarExists(r.Context(), site, id); err != nil {
		s.Errors.Write(w, r, err)
		return
	}
	ctx, cancel := accountCtx(r)
	defer cancel()
	if save {
		err = s.Store.SaveWatchlistCar(ctx, site.Slug, sess.Phone, id, s.Now())
	} else {
		err = s.Store.RemoveWatchlistCar(ctx, site.Slug, sess.Phone, id)
	}
	if err != nil {
		s.accountStoreErr(w, r, err)
		return
	}
	httpjson.Write(w, http.StatusOK, apitypes.Success{Success: true})
}

// siteCarExists is nil when the id is one of the site's cars, shown or
// not (a sold car can still leave a watchlist), and not_found otherwise.
func (s *API) siteCarExists(ctx context.Context, site *tenant.Site, id int64) error {
	st, err := s.Listing.Stock(ctx, site)
	if err != nil {
		return err
	}
	if _, ok := st.Index.CarByID(id); !ok {
		return catalog.Errorf(catalog.ENotFound, "Car not found.")
	}
	return nil
}
