package accounts

import (
	"sync"
	"time"
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

// sendLog remembers recent sends per number and per address (in this
// process: behind a load balancer each node counts its own).
type sendLog struct {
	mu        sync.Mutex
	byNumber  map[string][]time.Time
	byAddr    map[string][]time.Time
	lastSweep time.Time
}

// allow records a send at now unless a limit refuses it; it returns how
// long to wait when refused.
func (s *sendLog) allow(l SendLimits, phone, addr string, now time.Time) (time.Duration, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.byNumber == nil {
		s.byNumber, s.byAddr = map[string][]time.Time{}, map[string][]time.Time{}
	}
	if now.Sub(s.lastSweep) > 10*time.Minute {
		s.lastSweep = now
		sweep(s.byNumber, now)
		sweep(s.byAddr, now)
	}
	nums := recent(s.byNumber[phone], now)
	addrs := recent(s.byAddr[addr], now)
	var wait time.Duration
	if n := len(nums); n > 0 && now.Sub(nums[n-1]) < l.PerNumberGap {
		wait = max(wait, l.PerNumberGap-now.Sub(nums[n-1]))
	}
	if len(nums) >= l.PerNumberPerHour {
		wait = max(wait, nums[len(nums)-l.PerNumberPerHour].Add(time.Hour).Sub(now))
	}
	if len(addrs) >= l.PerAddrPerHour {
		wait = max(wait, addrs[len(addrs)-l.PerAddrPerHour].Add(time.Hour).Sub(now))
	}
	if wait > 0 {
		s.byNumber[phone], s.byAddr[addr] = nums, addrs
		return wait, false
	}
	s.byNumber[phone], s.byAddr[addr] = append(nums, now), append(addrs, now)
	return 0, true
}

// recent keeps the times within the last hour.
func recent(ts []time.Time, now time.Time) []time.Time {
	i := 0
	for i < len(ts) && now.Sub(ts[i]) >= time.Hour {
		i++
	}
	return ts[i:]
}

func sweep(m map[string][]time.Time, now time.Time) {
	for k, ts := range m {
		if len(recent(ts, now)) == 0 {
			delete(m, k)
		}
	}
}
