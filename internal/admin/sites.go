package admin

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"forecourt/internal/metrics"
	"forecourt/internal/store"
)

// adminSite is one site in GET /admin/sites on the operators' address,
// which answers a JSON array of them (docs/onboarding.md).
type adminSite struct {
	Slug              string    `json:"slug"`
	Name              string    `json:"name"`
	ConfigFile        string    `json:"config_file"`
	CarsListed        int       `json:"cars_listed"`
	CarsStored        int       `json:"cars_stored"`
	Locations         int       `json:"locations"`
	LeadsReceived     int       `json:"leads_received"`
	DeliveriesDead    int       `json:"lead_deliveries_dead"`
	DeliveriesPending int       `json:"lead_deliveries_pending"`
	Feed              adminFeed `json:"feed"`
	// Photos are the dealer's photos the feeds named: fetched, waiting,
	// and failed with each failure's reason.
	Photos adminPhotos `json:"photos"`
	// Error says what could not be read (the database away).
	Error string `json:"error,omitempty"`
}

type adminFeed struct {
	Source      string     `json:"source,omitempty"`
	Schedule    string     `json:"schedule,omitempty"`
	LastAttempt *time.Time `json:"last_attempt"`
	LastSuccess *time.Time `json:"last_success"`
	LastError   string     `json:"last_error,omitempty"`
	Suspect     bool       `json:"suspect"`
	Unchanged   bool       `json:"unchanged"`
	Rows        int        `json:"rows"`
	Added       int        `json:"added"`
	Updated     int        `json:"updated"`
	Sold        int        `json:"sold"`
	Rejected    int        `json:"rejected"`
}

type adminPhotos struct {
	Waiting int            `json:"waiting"`
	Fetched int            `json:"fetched"`
	Failed  int            `json:"failed"`
	Reasons map[string]int `json:"failed_reasons"`
}

func optionalTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// adminSites reads every site's operations figures from the store and
// its search index.
func (s *Admin) adminSites(ctx context.Context) []adminSite {
	var out []adminSite
	for _, site := range s.Sites.Sites() {
		a := adminSite{Slug: site.Slug, Name: site.Name, ConfigFile: site.File}
		a.Feed.Source, a.Feed.Schedule = site.Feed.URL+site.Feed.File, site.Feed.Schedule
		var errs []string
		if stock, err := s.Listing.Stock(ctx, site); err == nil {
			for _, c := range stock.Index.Catalogue() {
				if c.ShowOnWebsite && c.Available() {
					a.CarsListed++
				}
			}
		} else {
			errs = append(errs, "cars listed: "+err.Error())
		}
		if ls, err := s.Store.Locations(ctx, site.Slug); err == nil {
			a.Locations = len(ls)
		}
		if st, err := s.Store.SiteStats(ctx, site.Slug); err == nil {
			a.CarsStored, a.LeadsReceived, a.DeliveriesDead, a.DeliveriesPending = st.Cars, st.LeadsReceived, st.DeliveriesDead, st.DeliveriesPending
		} else {
			errs = append(errs, "figures: "+err.Error())
		}
		if pc, err := s.Store.PhotoCounts(ctx, site.Slug); err == nil {
			a.Photos = adminPhotos{Waiting: pc.Waiting, Fetched: pc.Fetched, Failed: pc.Failed, Reasons: pc.Reasons}
		}
		if a.Photos.Reasons == nil {
			a.Photos.Reasons = map[string]int{}
		}
		if fs, err := s.Store.FeedState(ctx, site.Slug); err == nil {
			a.Feed.fill(fs)
		}
		if len(errs) > 0 {
			a.Error = errs[0]
		}
		out = append(out, a)
	}
	return out
}

func (f *adminFeed) fill(fs store.FeedState) {
	f.LastAttempt, f.LastSuccess = optionalTime(fs.LastAttempt), optionalTime(fs.LastSuccess)
	f.LastError, f.Suspect, f.Unchanged = fs.LastError, fs.Suspect, fs.Unchanged
	f.Rows, f.Added, f.Updated, f.Sold, f.Rejected = fs.Rows, fs.Added, fs.Updated, fs.Sold, fs.Rejected
}

func (s *Admin) handleAdminSites(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Config-Hash", s.Sites.Hash())
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_ = json.NewEncoder(w).Encode(s.adminSites(r.Context()))
}

// SiteFigures are the sites' figures for /metrics.
func (s *Admin) SiteFigures(ctx context.Context) []metrics.SiteFigures {
	var out []metrics.SiteFigures
	for _, a := range s.adminSites(ctx) {
		f := metrics.SiteFigures{Slug: a.Slug, CarsListed: a.CarsListed, CarsStored: a.CarsStored, LeadsReceived: a.LeadsReceived,
			DeliveriesDead: a.DeliveriesDead, DeliveriesPending: a.DeliveriesPending, FeedRows: a.Feed.Rows,
			FeedRejected: a.Feed.Rejected, FeedSuspect: a.Feed.Suspect, FeedFailing: a.Feed.LastError != ""}
		if a.Feed.LastAttempt != nil {
			f.FeedLastAttempt = *a.Feed.LastAttempt
		}
		if a.Feed.LastSuccess != nil {
			f.FeedLastSuccess = *a.Feed.LastSuccess
		}
		out = append(out, f)
	}
	return out
}
