package tenant

// Leads is how a site receives and delivers its leads. It never reaches
// the browser (Public leaves it out): webhook addresses and secret names are
// the dealer's business.
type Leads struct {
	RateLimit    LeadRateLimit     `yaml:"rate_limit" json:"rate_limit"`
	MaxAttempts  int               `yaml:"max_attempts" json:"max_attempts"` // deliveries dead-lettered after this many tries
	Destinations []LeadDestination `yaml:"destinations" json:"destinations"`
}

// LeadRateLimit caps submissions per visitor address and per site. The
// defaults let a real buyer send several forms in a minute while a script
// hammering one form is told to wait.
type LeadRateLimit struct {
	PerIPPerMinute   float64 `yaml:"per_ip_per_minute" json:"per_ip_per_minute"`
	PerIPBurst       int     `yaml:"per_ip_burst" json:"per_ip_burst"`
	PerSitePerMinute float64 `yaml:"per_site_per_minute" json:"per_site_per_minute"`
	PerSiteBurst     int     `yaml:"per_site_burst" json:"per_site_burst"`
}

// LeadDestination is one place a site's leads go: a signed webhook or an
// ADF email. Name identifies it in the outbox, so renaming one starts a
// new destination.
type LeadDestination struct {
	Name    string       `yaml:"name" json:"name"`
	Webhook *LeadWebhook `yaml:"webhook,omitempty" json:"webhook,omitempty"`
	Email   *LeadEmail   `yaml:"email,omitempty" json:"email,omitempty"`
}

// LeadWebhook posts each lead as signed JSON. The address comes from URL or,
// when URLEnv is set, from that environment variable (unset: the
// destination is off). The HMAC key always comes from the environment.
type LeadWebhook struct {
	URL       string `yaml:"url" json:"url"`
	URLEnv    string `yaml:"url_env" json:"url_env"`
	SecretEnv string `yaml:"secret_env" json:"secret_env"`
}

// LeadEmail sends each lead as ADF 1.0 XML over SMTP. SMTPHostEnv, when
// set, overrides SMTPHost (unset and no SMTPHost: the destination is off).
type LeadEmail struct {
	To          []string `yaml:"to" json:"to"`
	From        string   `yaml:"from" json:"from"`
	SMTPHost    string   `yaml:"smtp_host" json:"smtp_host"` // host:port
	SMTPHostEnv string   `yaml:"smtp_host_env" json:"smtp_host_env"`
	UsernameEnv string   `yaml:"username_env" json:"username_env"`
	PasswordEnv string   `yaml:"password_env" json:"password_env"`
}
