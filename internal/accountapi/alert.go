package accountapi

import (
	"context"
	"net/http"
	"time"

	"forecourt/internal/alerts"
	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/httpjson"
	"forecourt/internal/store"
	"forecourt/internal/tenant"
)

const (
	msgAlertSetting = `Please choose "off", "instant" or "daily".`
	msgPriceDrops   = "Please say true or false."
)

// SavedSearchAlert is PATCH /api/saved-searches/{id} {"alert"}: 204,
// 422 naming alert when it is not off, instant or daily, 404 when the
// search is not the visitor's (docs/behaviour/http.md#saved-search-alerts).
func (s *API) SavedSearchAlert(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Alert string `json:"alert"`
	}
	s.changeSavedSearch(w, r, func(ctx context.Context, site, phone string, id int64) error {
		if err := httpjson.Decode(w, r, &in, httpjson.MaxSmallBody); err != nil || !validAlert(in.Alert) {
			return &catalog.Error{Code: catalog.EInvalid, Message: msgAlertSetting, Fields: map[string]string{"alert": msgAlertSetting}}
		}
		return s.Store.SetSavedSearchAlert(ctx, site, phone, id, in.Alert, s.Now().UTC().Truncate(time.Microsecond))
	})
}

func validAlert(a string) bool {
	return a == store.AlertOff || a == store.AlertInstant || a == store.AlertDaily
}

// AlertSettings is GET /api/me/alerts: {"price_drops"}, on unless
// the visitor turned it off.
func (s *API) AlertSettings(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	ctx, cancel := accountCtx(r)
	defer cancel()
	on, err := s.Store.PriceDropAlerts(ctx, tenant.SiteFrom(r.Context()).Slug, sess.Phone)
	if err != nil {
		s.accountStoreErr(w, r, err)
		return
	}
	httpjson.Write(w, http.StatusOK, apitypes.AlertSettings{PriceDrops: on})
}

// SetAlertSettings is PUT /api/me/alerts {"price_drops": bool}: the
// settings as they are now, or 422 naming price_drops.
func (s *API) SetAlertSettings(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	var in struct {
		PriceDrops *bool `json:"price_drops"`
	}
	if !s.Errors.DecodeSmall(w, r, &in, "price_drops", msgPriceDrops) {
		return
	}
	if in.PriceDrops == nil {
		s.Errors.Write(w, r, &catalog.Error{Code: catalog.EInvalid, Message: msgPriceDrops, Fields: map[string]string{"price_drops": msgPriceDrops}})
		return
	}
	ctx, cancel := accountCtx(r)
	defer cancel()
	if err := s.Store.SetPriceDropAlerts(ctx, tenant.SiteFrom(r.Context()).Slug, sess.Phone, *in.PriceDrops, s.Now().UTC().Truncate(time.Microsecond)); err != nil {
		s.accountStoreErr(w, r, err)
		return
	}
	httpjson.Write(w, http.StatusOK, apitypes.AlertSettings{PriceDrops: *in.PriceDrops})
}

// StopAlert is POST /api/alerts/stop {"token"}: the stop link's
// alert is off, without sign-in, once and within 90 days; a link used
// before changes nothing and says how the alert is now; 404 for a token
// that stops nothing. Turning an alert back on needs sign-in
// (docs/behaviour/http.md#alert-stop-links).
func (s *API) StopAlert(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Token string `json:"token"`
	}
	if !s.Errors.DecodeSmall(w, r, &in, "token", store.MsgNoSuchAlert) {
		return
	}
	if in.Token == "" || len(in.Token) > 200 {
		s.Errors.Write(w, r, catalog.Errorf(catalog.ENotFound, store.MsgNoSuchAlert))
		return
	}
	ctx, cancel := accountCtx(r)
	defer cancel()
	st, err := s.Store.StopAlert(ctx, tenant.SiteFrom(r.Context()).Slug, alerts.StopHash(in.Token), s.Now().UTC().Truncate(time.Microsecond))
	if err != nil {
		s.accountStoreErr(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpjson.Write(w, http.StatusOK, apitypes.AlertStopped{Kind: st.Kind, Name: st.Name, Alert: st.Alert, On: st.On, Spent: st.Spent})
}
