package metrics

import (
	"github.com/prometheus/client_golang/prometheus"
)

// configMetrics say which site configuration a node runs, so an operator
// can see that every node has read the same files.
type configMetrics struct {
	info    *prometheus.GaugeVec
	reloads *prometheus.CounterVec
}

func newConfigMetrics(reg prometheus.Registerer) configMetrics {
	c := configMetrics{
		info: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "forecourt_config_info",
			Help: "Always 1; hash is the SHA-256 of the site files this node serves (as /readyz says).",
		}, []string{"hash"}),
		reloads: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "forecourt_config_reloads_total",
			Help: "Readings of the site files after start, by result: ok (in use) or invalid (the last good configuration kept).",
		}, []string{"result"}),
	}
	reg.MustRegister(c.info, c.reloads)
	return c
}

// ConfigInUse shows the hash of the configuration now served.
func (m *Metrics) ConfigInUse(hash string) {
	m.config.info.Reset()
	m.config.info.WithLabelValues(hash).Set(1)
}

// ConfigReloaded counts a reading of the site files and shows the hash in use.
func (m *Metrics) ConfigReloaded(hash string, ok bool) {
	result := "ok"
	if !ok {
		result = "invalid"
	}
	m.config.reloads.WithLabelValues(result).Inc()
	m.ConfigInUse(hash)
}
