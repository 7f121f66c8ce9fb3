package httpapi

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"

	"forecourt/internal/catalog"
)

// sheetLimits bound the printable sheets one address may ask for: a buyer
// prints a few cars, not one every second.
var sheetLimits = struct {
	per   time.Duration
	burst int
}{per: 5 * time.Second, burst: 6}

// limitSheet answers 429 rate_limited and reports false when the visitor
// has asked for too many printable sheets in a short time.
func (s *Server) limitSheet(w http.ResponseWriter, r *http.Request) bool {
	// The sheets are limited on this node alone: a sheet costs this node's
	// CPU, and nothing is lost when a node starts its count afresh.
	wait, err := s.sheetLimiter.Take(r.Context(), s.clientAddr(r), sheetLimits.per, sheetLimits.burst, s.Now())
	if err != nil || wait <= 0 {
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
