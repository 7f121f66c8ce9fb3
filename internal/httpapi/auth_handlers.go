package httpapi

import (
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"

	"forecourt/internal/accounts"
	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
	"forecourt/internal/httpmw"
	"forecourt/internal/store"
)

// SessionCookie names the signed-in visitor's session on one site.
const SessionCookie = "forecourt_session"

// decodeBody reads a small JSON object into v; a body that is not one is
// a 422 naming field.
func (s *Server) decodeBody(w http.ResponseWriter, r *http.Request, v any, field, msg string) bool {
	if err := decodeJSON(w, r, v, maxSmallBody); err != nil {
		s.writeError(w, r, &catalog.Error{Code: catalog.EInvalid, Message: msg, Fields: map[string]string{field: msg}})
		return false
	}
	return true
}

// handleRequestCode is POST /api/auth/otp {phone}: 204 once a code is on
// its way.
func (s *Server) handleRequestCode(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	var in struct {
		Phone string `json:"phone"`
	}
	if !s.decodeBody(w, r, &in, "phone", accounts.MsgPhoneInvalid) {
		return
	}
	err := s.Accounts.RequestCode(r.Context(), site, in.Phone, s.clientAddr(r))
	var limited *accounts.RateLimitError
	if errors.As(err, &limited) {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(limited.Wait.Seconds()))))
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
}

// handleVerify is POST /api/auth/verify {phone, code}: 200 {phone} and the
// session cookie.
func (s *Server) handleVerify(w http.ResponseWriter, r *http.Request) {
	site := siteFrom(r.Context())
	var in struct {
		Phone string `json:"phone"`
		Code  string `json:"code"`
	}
	if !s.decodeBody(w, r, &in, "code", accounts.MsgCodeWrong) {
		return
	}
	token, sess, err := s.Accounts.Verify(r.Context(), site, in.Phone, strings.TrimSpace(in.Code), s.clientAddr(r))
	var limited *accounts.RateLimitError
	if errors.As(err, &limited) {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(limited.Wait.Seconds()))))
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: SessionCookie, Value: token, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: httpmw.Proxies(s.TrustedProxies).Secure(r), Expires: sess.ExpiresAt, MaxAge: int(accounts.SessionTTL.Seconds()),
	})
	writeJSON(w, http.StatusOK, apitypes.User{Phone: sess.Phone})
}

// handleMe is GET /api/me: the signed-in visitor, or 401.
func (s *Server) handleMe(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, apitypes.User{Phone: sess.Phone})
}

// handleSignOut is POST /api/auth/sign-out: the session ends and its
// cookie is cleared; signed out already is fine.
func (s *Server) handleSignOut(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(SessionCookie); err == nil {
		if err := s.Accounts.SignOut(r.Context(), siteFrom(r.Context()), c.Value); err != nil {
			s.writeError(w, r, err)
			return
		}
	}
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: httpmw.Proxies(s.TrustedProxies).Secure(r), MaxAge: -1})
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
}

// session returns the request's live session on its site; ok is false
// when the visitor is signed out. err is set only when the store failed.
func (s *Server) session(r *http.Request) (store.Session, bool, error) {
	c, err := r.Cookie(SessionCookie)
	if err != nil || c.Value == "" {
		return store.Session{}, false, nil
	}
	sess, err := s.Accounts.Session(r.Context(), siteFrom(r.Context()), c.Value)
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
func (s *Server) signedIn(w http.ResponseWriter, r *http.Request) (store.Session, bool) {
	sess, ok, err := s.session(r)
	if err != nil {
		s.writeError(w, r, err)
		return store.Session{}, false
	}
	if !ok {
		s.writeError(w, r, catalog.Errorf(catalog.EUnauthorized, accounts.MsgSignedOut))
		return store.Session{}, false
	}
	w.Header().Set("Cache-Control", "no-store")
	return sess, true
}
