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
type SendLimits struct {
	PerNumberGap     time.Duration // default 30 s
	PerNumberPerHour int           // default 5
	PerAddrPerHour   int           // default 20
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
	return l
}

// takeSend takes a send for phone from addr from the buckets of the
// limits: the gap between codes to a number, a number's sends an hour and
// an address's sends an hour. When one refuses, those already taken are
// given back, and the wait is returned. The buckets are shared by every
// node when the sites run on several.
func takeSend(ctx context.Context, b ratelimit.Buckets, l SendLimits, phone, addr string, now time.Time) (time.Duration, error) {
	type bucket struct {
		key   string
		every time.Duration
		burst int
	}
	buckets := []bucket{
		{"otp gap " + phone, l.PerNumberGap, 1},
		{"otp number " + phone, ratelimit.Every(float64(l.PerNumberPerHour), time.Hour), l.PerNumberPerHour},
		{"otp address " + addr, ratelimit.Every(float64(l.PerAddrPerHour), time.Hour), l.PerAddrPerHour},
	}
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
