package accounts

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"log/slog"
	"math"
	"math/big"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/ratelimit"
	"forecourt/internal/store"
	"forecourt/internal/tenant"
)

// The sign-in rules (docs/behaviour/http.md#sign-in).
const (
	CodeTTL    = 10 * time.Minute
	MaxTries   = 5
	SessionTTL = 30 * 24 * time.Hour
	// StoreTimeout bounds every store call of sign-in: an unreachable
	// database answers 503 within it instead of hanging the buyer.
	StoreTimeout = 2 * time.Second
)

// Messages the buyer reads.
const (
	MsgPhoneInvalid   = "Please enter a valid mobile number."
	MsgCodeWrong      = "The code is wrong or has expired. Please try again or send a new code."
	MsgNoSender       = "Sign-in is not available on this site."
	MsgUnavailable    = "Sign-in is not available right now. Please try again in a moment."
	MsgSendFailed     = "We could not send the code just now. Please try again in a moment."
	MsgSignedOut      = "Please sign in."
	MsgTooManyForNumb = "Too many codes have been asked for. Please wait %s and try again."
	MsgTooManyTries   = "Too many tries. Please wait %s and try again."
)

// Service signs buyers in. Sender nil means sign-in is switched off.
type Service struct {
	Store  store.AccountStore
	Sender Sender
	Now    func() time.Time
	Limits SendLimits
	Logger *slog.Logger
	// Buckets keep the send limits: the shared database's on several
	// nodes; nil keeps them in this process.
	Buckets ratelimit.Buckets

	local ratelimit.Memory
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Service) logger() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.New(slog.DiscardHandler)
}

func invalid(field, msg string) error {
	return &catalog.Error{Code: catalog.EInvalid, Message: msg, Fields: map[string]string{field: msg}}
}

// storeFailed turns an error of the store into what the buyer sees: the
// store's own errors pass, anything else (a database that cannot be
// reached in time) is unavailable, and is logged.
func (s *Service) storeFailed(ctx context.Context, what string, err error) error {
	if _, ok := err.(*catalog.Error); ok {
		return err
	}
	s.logger().LogAttrs(ctx, slog.LevelError, "sign-in store call failed", slog.String("call", what), slog.Any("err", err))
	return catalog.Errorf(catalog.EUnavailable, MsgUnavailable)
}

// RateLimitError is a refused send with how long to wait.
type RateLimitError struct {
	Err  *catalog.Error
	Wait time.Duration
}

func (e *RateLimitError) Error() string { return e.Err.Error() }
func (e *RateLimitError) Unwrap() error { return e.Err }

// RequestCode sends a new code to a mobile of the site's country,
// replacing any earlier one. addr is the visitor's address, for the send
// limits. It never says whether the number was seen before.
func (s *Service) RequestCode(ctx context.Context, site *tenant.Site, rawPhone, addr string) error {
	if s.Sender == nil {
		return catalog.Errorf(catalog.EUnavailable, MsgNoSender)
	}
	phone, ok := Mobile(site.Country, rawPhone)
	if !ok {
		return invalid("phone", MsgPhoneInvalid)
	}
	now := s.now()
	buckets := s.Buckets
	if buckets == nil {
		buckets = &s.local
	}
	// The send limits and the code's save share one budget: a database
	// that hangs refuses the request within StoreTimeout.
	sctx, cancel := context.WithTimeout(ctx, StoreTimeout)
	defer cancel()
	if wait, err := takeSend(sctx, buckets, s.Limits.withDefaults(), phone, addr, now); err != nil {
		return s.storeFailed(ctx, "send limits", err)
	} else if wait > 0 {
		return &RateLimitError{Err: catalog.Errorf(catalog.ERateLimited, MsgTooManyForNumb, humanWait(wait)), Wait: wait}
	}
	code, err := newCode()
	if err != nil {
		return err
	}
	salt := randomHex(16)
	err = s.Store.SaveSignInCode(sctx, site.Slug, store.SignInCode{
		Phone: phone, Hash: codeHash(salt, site.Slug, phone, code), Salt: salt, AskedFrom: AskerHash(addr),
		CreatedAt: now, ExpiresAt: now.Add(CodeTTL),
	})
	if err != nil {
		return s.storeFailed(ctx, "save code", err)
	}
	if err := s.Sender.Send(ctx, Code{Site: site.Slug, SiteName: site.Name, Phone: phone, Code: code}); err != nil {
		s.logger().LogAttrs(ctx, slog.LevelError, "one-time code not sent",
			slog.String("site", site.Slug), slog.String("phone", Masked(phone)), slog.Any("err", err))
		return catalog.Errorf(catalog.EUnavailable, MsgSendFailed)
	}
	return nil
}

// Verify checks a code and, when right, starts a session: it returns the
// cookie's token (only its hash is stored) and the session.
func (s *Service) Verify(ctx context.Context, site *tenant.Site, rawPhone, code, addr string) (string, store.Session, error) {
	phone, ok := Mobile(site.Country, rawPhone)
	if !ok {
		return "", store.Session{}, invalid("phone", MsgPhoneInvalid)
	}
	if !validCodeShape(code) {
		return "", store.Session{}, invalid("code", MsgCodeWrong)
	}
	now := s.now()
	sctx, cancel := context.WithTimeout(ctx, StoreTimeout)
	defer cancel()
	buckets := s.Buckets
	if buckets == nil {
		buckets = &s.local
	}
	// The address that asked for the live code may always try it: its
	// tries count against the code alone (MaxTries), never against the
	// address, so one busy address does not stop everyone behind it
	// (docs/behaviour/http.md#otp-per-address).
	asker, err := s.Store.SignInCodeAsker(sctx, site.Slug, phone, now)
	if err != nil {
		return "", store.Session{}, s.storeFailed(ctx, "code asker", err)
	}
	own := addr != "" && asker != "" && asker == AskerHash(addr)
	if !own {
		if wait, err := takeTry(sctx, buckets, phone, addr, now); err != nil {
			return "", store.Session{}, s.storeFailed(ctx, "verify limits", err)
		} else if wait > 0 {
			return "", store.Session{}, &RateLimitError{Err: catalog.Errorf(catalog.ERateLimited, MsgTooManyTries, humanWait(wait)), Wait: wait}
		}
	}
	stored, live, err := s.Store.TrySignInCode(sctx, site.Slug, phone, now, MaxTries)
	if err != nil {
		return "", store.Session{}, s.storeFailed(ctx, "try code", err)
	}
	if !live {
		return "", store.Session{}, invalid("code", MsgCodeWrong)
	}
	h := codeHash(stored.Salt, site.Slug, phone, code)
	if subtle.ConstantTimeCompare([]byte(h), []byte(stored.Hash)) != 1 {
		return "", store.Session{}, invalid("code", MsgCodeWrong)
	}
	used, err := s.Store.UseSignInCode(sctx, site.Slug, phone, stored.Hash)
	if err != nil {
		return "", store.Session{}, s.storeFailed(ctx, "use code", err)
	}
	if !used { // a concurrent verify took it first
		return "", store.Session{}, invalid("code", MsgCodeWrong)
	}
	token := randomToken()
	sess := store.Session{TokenHash: TokenHash(token), Phone: phone, CreatedAt: now, ExpiresAt: now.Add(SessionTTL)}
	if err := s.Store.CreateSession(sctx, site.Slug, sess); err != nil {
		return "", store.Session{}, s.storeFailed(ctx, "create session", err)
	}
	if !own {
		giveTry(sctx, buckets, phone, addr)
	}
	return token, sess, nil
}

// Session returns the live session of a cookie's token on the site, or an
// unauthorized error.
func (s *Service) Session(ctx context.Context, site *tenant.Site, token string) (store.Session, error) {
	if token == "" || len(token) > 100 {
		return store.Session{}, catalog.Errorf(catalog.EUnauthorized, MsgSignedOut)
	}
	sctx, cancel := context.WithTimeout(ctx, StoreTimeout)
	defer cancel()
	sess, err := s.Store.SessionByToken(sctx, site.Slug, TokenHash(token), s.now())
	if catalog.ErrorCode(err) == catalog.ENotFound {
		return store.Session{}, catalog.Errorf(catalog.EUnauthorized, MsgSignedOut)
	}
	if err != nil {
		return store.Session{}, s.storeFailed(ctx, "session", err)
	}
	return sess, nil
}

// SignOut ends the session of the token on the site.
func (s *Service) SignOut(ctx context.Context, site *tenant.Site, token string) error {
	if token == "" {
		return nil
	}
	sctx, cancel := context.WithTimeout(ctx, StoreTimeout)
	defer cancel()
	if err := s.Store.DeleteSession(sctx, site.Slug, TokenHash(token)); err != nil {
		return s.storeFailed(ctx, "sign out", err)
	}
	return nil
}

// newCode is 6 uniformly random digits.
func newCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

func validCodeShape(code string) bool {
	if len(code) != 6 {
		return false
	}
	for _, r := range code {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// codeHash binds the code to its site and phone, so a stored hash is worth
// nothing for another number.
func codeHash(salt, site, phone, code string) string {
	sum := sha256.Sum256([]byte(salt + "\x00" + site + "\x00" + phone + "\x00" + code))
	return hex.EncodeToString(sum[:])
}

// AskerHash is what a code keeps of the address that asked for it: enough
// to know that address again, not the address itself.
func AskerHash(addr string) string {
	sum := sha256.Sum256([]byte("otp asker " + addr))
	return hex.EncodeToString(sum[:16])
}

// TokenHash is how a session token is stored.
func TokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func randomToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// humanWait rounds a wait up: "30 seconds", "12 minutes".
func humanWait(d time.Duration) string {
	if d <= time.Minute {
		s := int(math.Ceil(d.Seconds()))
		if s <= 1 {
			return "1 second"
		}
		return fmt.Sprintf("%d seconds", s)
	}
	m := int(math.Ceil(d.Minutes()))
	return fmt.Sprintf("%d minutes", m)
}
