// Package accountapi answers a signed-in buyer's calls: phone sign-in and
// the session, the watchlist, saved searches and their alerts, the price
// drop setting, alert stop links and the garage
// (docs/behaviour/http.md#sign-in).
package accountapi

import (
	"errors"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/accounts"
	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/httpjson"
	"forecourt/internal/httpmw"
	"forecourt/internal/listing"
	"forecourt/internal/store"
	"forecourt/internal/tenant"
)

// SessionCookie names the signed-in visitor's session on one site.
const SessionCookie = "forecourt_session"

// API answers a buyer's account calls on the request's site
// (tenant.SiteFrom). httpapi's route table lists its routes.
type API struct {
	Accounts *accounts.Service
	Store    store.Store
	Listing  *listing.Service
	Errors   *httpjson.Errors
	// Proxies are the trusted reverse proxies: the visitor's address and
	// whether the cookie must be Secure come through them.
	Proxies httpmw.Proxies
	Now     func() time.Time
	Logger  *slog.Logger
}

// RequestCode is POST /api/auth/otp {phone}: 204 once a code is on
// its way.
func (s *API) RequestCode(w http.ResponseWriter, r *http.Request) {
	site := tenant.SiteFrom(r.Context())
	var in struct {
		Phone string `json:"phone"`
	}
	if !s.Errors.DecodeSmall(w, r, &in, "phone", accounts.MsgPhoneInvalid) {
		return
	}
	err := s.Accounts.RequestCode(r.Context(), site, in.Phone, s.Proxies.ClientAddr(r))
	if err != nil {
		s.refuse(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
}

// refuse answers a sign-in step's error; a visitor over the limit is told
// when to try again (Retry-After).
func (s *API) refuse(w http.ResponseWriter, r *http.Request, err error) {
	var limited *accounts.RateLimitError
	if errors.As(err, &limited) {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(limited.Wait.Seconds()))))
	}
	s.Errors.Write(w, r, err)
}

// Verify is POST /api/auth/verify {phone, code}: 200 {phone} and the
// session cookie.
func (s *API) Verify(w http.ResponseWriter, r *http.Request) {
	site := tenant.SiteFrom(r.Context())
	var in struct {
		Phone string `json:"phone"`
		Code  string `json:"code"`
	}
	if !s.Errors.DecodeSmall(w, r, &in, "code", accounts.MsgCodeWrong) {
		return
	}
	token, sess, err := s.Accounts.Verify(r.Context(), site, in.Phone, strings.TrimSpace(in.Code), s.Proxies.ClientAddr(r))
	if err != nil {
		s.refuse(w, r, err)
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: SessionCookie, Value: token, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: s.Proxies.Secure(r), Expires: sess.ExpiresAt, MaxAge: int(accounts.SessionTTL.Seconds()),
	})
	httpjson.Write(w, http.StatusOK, apitypes.User{Phone: sess.Phone})
}

// Me is GET /api/me: the signed-in visitor, or 401.
func (s *API) Me(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	httpjson.Write(w, http.StatusOK, apitypes.User{Phone: sess.Phone})
}

// SignOut is POST /api/auth/sign-out: the session ends and its
// cookie is cleared; signed out already is fine.
func (s *API) SignOut(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(SessionCookie); err == nil {
		if err := s.Accounts.SignOut(r.Context(), tenant.SiteFrom(r.Context()), c.Value); err != nil {
			s.Errors.Write(w, r, err)
			return
		}
	}
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: s.Proxies.Secure(r), MaxAge: -1})
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
}

// Session returns the request's live session on its site; ok is false
// when the visitor is signed out. err is set only when the store failed.
func (s *API) Session(r *http.Request) (store.Session, bool, error) {
	c, err := r.Cookie(SessionCookie)
	if err != nil || c.Value == "" {
		return store.Session{}, false, nil
	}
	sess, err := s.Accounts.Session(r.Context(), tenant.SiteFrom(r.Context()), c.Value)
	if catalog.ErrorCode(err) == catalog.EUnauthorized {
		return store.Session{}, false, nil
	}
	if err != nil {
		return store.Session{}, false, err
	}
	return sess, true, nil
}

// signedIn is session for handlers that need one: it answers 401 (or the
// store's failure) itself when there is none.
func (s *API) signedIn(w http.ResponseWriter, r *http.Request) (store.Session, bool) {
	sess, ok, err := s.Session(r)
	if err != nil {
		s.Errors.Write(w, r, err)
		return store.Session{}, false
	}
	if !ok {
		s.Errors.Write(w, r, catalog.Errorf(catalog.EUnauthorized, accounts.MsgSignedOut))
		return store.Session{}, false
	}
	w.Header().Set("Cache-Control", "no-store")
	return sess, true
}
