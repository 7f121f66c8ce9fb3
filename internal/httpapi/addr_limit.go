package httpapi

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"forecourt/internal/catalog"
)

// addrLimiter gives each visitor address a burst of an answer that is
// costly to make (a PDF drawn afresh each time) and a steady rate after
// it. Addresses idle for ten minutes are forgotten, and the table never
// holds more than maxAddrs: a crowd of addresses starts it afresh rather
// than growing it without end.
type addrLimiter struct {
	per      time.Duration // one more request allowed per this long
	burst    int
	maxAddrs int

	mu        sync.Mutex
	byAddr    map[string]*addrBucket
	lastSweep time.Time
}

type addrBucket struct {
	lim  *rate.Limiter
	seen time.Time
}

// allow takes one request of addr; a refusal is the wait until the next.
func (l *addrLimiter) allow(addr string, now time.Time) (time.Duration, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.byAddr == nil {
		l.byAddr = map[string]*addrBucket{}
	}
	if now.Sub(l.lastSweep) >= time.Minute {
		l.lastSweep = now
		for k, b := range l.byAddr {
			if now.Sub(b.seen) > 10*time.Minute {
				delete(l.byAddr, k)
			}
		}
	}
	b, ok := l.byAddr[addr]
	if !ok {
		if len(l.byAddr) >= l.maxAddrs {
			l.byAddr = map[string]*addrBucket{}
		}
		b = &addrBucket{lim: rate.NewLimiter(rate.Every(l.per), l.burst)}
		l.byAddr[addr] = b
	}
	b.seen = now
	res := b.lim.ReserveN(now, 1)
	if wait := res.DelayFrom(now); wait > 0 {
		res.CancelAt(now)
		return wait, false
	}
	return 0, true
}

// sheetLimits bound the printable sheets one address may ask for: a buyer
// prints a few cars, not one every second.
var sheetLimits = struct {
	per   time.Duration
	burst int
}{per: 5 * time.Second, burst: 6}

// limitSheet answers 429 rate_limited and reports false when the visitor
// has asked for too many printable sheets in a short time.
func (s *Server) limitSheet(w http.ResponseWriter, r *http.Request) bool {
	s.sheetLimiterOnce.Do(func() {
		s.sheetLimiter = &addrLimiter{per: sheetLimits.per, burst: sheetLimits.burst, maxAddrs: 10000}
	})
	wait, ok := s.sheetLimiter.allow(s.clientAddr(r), s.Now())
	if ok {
		return true
	}
	secs := int(math.Ceil(wait.Seconds()))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	s.writeError(w, r, catalog.Errorf(catalog.ERateLimited,
		"Too many printable sheets have been asked for from your connection in a short time. Please wait %s and try again.", seconds(secs)))
	return false
}

func seconds(n int) string {
	if n <= 1 {
		return "1 second"
	}
	return fmt.Sprintf("%d seconds", n)
}
