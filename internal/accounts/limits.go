package accounts

import (
	"context"
	"time"

	"forecourt/internal/ratelimit"
)

// SendLimits caps how often codes are sent. A number gets at most one code
// per PerNumberGap and PerNumberPerHour an hour, across every site, so no
// one can flood a phone through many dealers; a visitor address may ask
// PerAddrPerHour times an hour. Zero values take the defaults.
//
// PerAddrPerNumberPerHour caps what one address may ask for one number, so
// that no single address uses up another person's hourly allowance.
type SendLimits struct {
	PerNumberGap            time.Duration // default 30 s
	PerNumberPerHour        int           // default 5
	PerAddrPerHour          int           // default 20
	PerAddrPerNumberPerHour int           // default 3
}

func (l SendLimits) withDefaults() SendLimits {
	if l.PerNumberGap <= 0 {
		l.PerNumberGap = 30 * time.Second
	}
	if l.PerNumberPerHour <= 0 {
		l.PerNumberPerHour = 5
	}
	if l.PerAddrPerHour <= 0 {
		l.PerAddrPerHour = 20
	}
	if l.PerAddrPerNumberPerHour <= 0 {
		l.PerAddrPerNumberPerHour = 3
	}
	return l
}

// takeSend takes a send for phone from addr from the buckets of the
// limits: the gap between codes to a number, a number's sends an hour and
// an address's sends an hour. When one refuses, those already taken are
// given back, and the wait is returned. The buckets are shared by every
// node when the sites run on several.
func takeSend(ctx context.Context, b ratelimit.Buckets, l SendLimits, phone, addr string, now time.Time) (time.Duration, error) {
	return takeAll(ctx, b, now, []bucket{
		{"otp gap " + phone, l.PerNumberGap, 1},
		{"otp number " + phone, ratelimit.Every(float64(l.PerNumberPerHour), time.Hour), l.PerNumberPerHour},
		{"otp address " + addr, ratelimit.Every(float64(l.PerAddrPerHour), time.Hour), l.PerAddrPerHour},
		{"otp address number " + addr + " " + phone, ratelimit.Every(float64(l.PerAddrPerNumberPerHour), time.Hour), l.PerAddrPerNumberPerHour},
	})
}

// Verify tries one address may make: TriesPerAddrPerNumber for one number
// within a code's life, fewer than the code's own MaxTries, so one address
// can never void another person's code; TriesPerAddrPerHour in all.
const (
	TriesPerAddrPerNumber = 3
	TriesPerAddrPerHour   = 30
)

// takeTry takes a verify try for phone from addr, before the code's own
// count is touched: a refused try leaves the owner's code as it was.
func takeTry(ctx context.Context, b ratelimit.Buckets, phone, addr string, now time.Time) (time.Duration, error) {
	return takeAll(ctx, b, now, []bucket{
		{"verify address number " + addr + " " + phone, ratelimit.Every(TriesPerAddrPerNumber, CodeTTL), TriesPerAddrPerNumber},
		{"verify address " + addr, ratelimit.Every(TriesPerAddrPerHour, time.Hour), TriesPerAddrPerHour},
	})
}

// giveTry gives back a try that signed the visitor in: only wrong tries
// count against an address.
func giveTry(ctx context.Context, b ratelimit.Buckets, phone, addr string) {
	_ = b.Give(ctx, "verify address number "+addr+" "+phone, ratelimit.Every(TriesPerAddrPerNumber, CodeTTL))
	_ = b.Give(ctx, "verify address "+addr, ratelimit.Every(TriesPerAddrPerHour, time.Hour))
}

// bucket is one limit: a key, the time one token takes to come back, and
// how many may be taken at once.
type bucket struct {
	key   string
	every time.Duration
	burst int
}

// takeAll takes a token from each bucket; when one refuses, those already
// taken are given back and the wait is returned.
func takeAll(ctx context.Context, b ratelimit.Buckets, now time.Time, buckets []bucket) (time.Duration, error) {
	for i, k := range buckets {
		wait, err := b.Take(ctx, k.key, k.every, k.burst, now)
		if err == nil && wait == 0 {
			continue
		}
		for _, taken := range buckets[:i] {
			_ = b.Give(ctx, taken.key, taken.every)
		}
		return wait, err
	}
	return 0, nil
}
