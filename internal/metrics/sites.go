package metrics

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// SiteFigures are one site's operations figures, read from the store and
// the search index at each scrape, so they survive a restart and agree
// across nodes.
type SiteFigures struct {
	Slug              string
	CarsListed        int
	CarsStored        int
	LeadsReceived     int
	DeliveriesDead    int
	DeliveriesPending int
	FeedLastAttempt   time.Time
	FeedLastSuccess   time.Time
	FeedRows          int
	FeedRejected      int
	FeedSuspect       bool
	FeedFailing       bool
}

// siteCollector asks for every site's figures at each scrape.
type siteCollector struct {
	figures func(context.Context) []SiteFigures
	descs   []*prometheus.Desc
}

var siteGauges = []struct {
	name, help string
	value      func(SiteFigures) float64
}{
	{"forecourt_site_cars_listed", "Cars the site lists now (in stock or coming soon, shown on the website).", func(f SiteFigures) float64 { return float64(f.CarsListed) }},
	{"forecourt_site_cars_stored", "Every car stored for the site, sold and hidden ones too.", func(f SiteFigures) float64 { return float64(f.CarsStored) }},
	{"forecourt_site_leads_received", "Leads stored for the site.", func(f SiteFigures) float64 { return float64(f.LeadsReceived) }},
	{"forecourt_site_lead_deliveries_dead", "Lead deliveries given up (dead-lettered); `forecourt leads retry` requeues them.", func(f SiteFigures) float64 { return float64(f.DeliveriesDead) }},
	{"forecourt_site_lead_deliveries_pending", "Lead deliveries waiting to be sent or retried.", func(f SiteFigures) float64 { return float64(f.DeliveriesPending) }},
	{"forecourt_site_feed_last_attempt_timestamp_seconds", "When the site's scheduled feed was last pulled (Unix time; 0: never).", func(f SiteFigures) float64 { return unix(f.FeedLastAttempt) }},
	{"forecourt_site_feed_last_success_timestamp_seconds", "When the site's feed last imported or was found unchanged (Unix time; 0: never).", func(f SiteFigures) float64 { return unix(f.FeedLastSuccess) }},
	{"forecourt_site_feed_rows", "Rows of the site's last imported feed.", func(f SiteFigures) float64 { return float64(f.FeedRows) }},
	{"forecourt_site_feed_rows_rejected", "Rows of the site's last imported feed that were rejected.", func(f SiteFigures) float64 { return float64(f.FeedRejected) }},
	{"forecourt_site_feed_suspect", "1 when the site's last full feed would have sold too many cars and sold none.", func(f SiteFigures) float64 { return bit(f.FeedSuspect) }},
	{"forecourt_site_feed_failing", "1 when the site's last feed pull failed.", func(f SiteFigures) float64 { return bit(f.FeedFailing) }},
}

func unix(t time.Time) float64 {
	if t.IsZero() {
		return 0
	}
	return float64(t.Unix())
}

func bit(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func (c *siteCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range c.descs {
		ch <- d
	}
}

func (c *siteCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, f := range c.figures(ctx) {
		for i, g := range siteGauges {
			ch <- prometheus.MustNewConstMetric(c.descs[i], prometheus.GaugeValue, g.value(f), f.Slug)
		}
	}
}

// WatchSites shows every site's figures, as figures reads them, at each scrape.
func (m *Metrics) WatchSites(figures func(context.Context) []SiteFigures) {
	c := &siteCollector{figures: figures}
	for _, g := range siteGauges {
		c.descs = append(c.descs, prometheus.NewDesc(g.name, g.help, []string{"site"}, nil))
	}
	m.Registry.MustRegister(c)
}
