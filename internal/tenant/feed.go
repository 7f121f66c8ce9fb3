package tenant

import (
	"fmt"
	"net/netip"
	"time"

	"forecourt/internal/feed"
	"forecourt/internal/netaddr"
)

// Feed is where a site's stock comes from and how to read it
// (docs/stock-feed.md): a dealer management system's export at an
// address, or a file, pulled on a schedule by serve.
type Feed struct {
	// URL is an http(s) address to pull; File a path on the server.
	URL  string `yaml:"url" json:"url,omitempty"`
	File string `yaml:"file" json:"file,omitempty"`
	// AuthHeader is sent with the value of the environment variable
	// AuthEnv (a token never sits in a site file).
	AuthHeader string `yaml:"auth_header" json:"auth_header,omitempty"`
	AuthEnv    string `yaml:"auth_env" json:"auth_env,omitempty"`
	// Format is csv, json or xml; empty reads it from the content.
	Format string `yaml:"format" json:"format,omitempty"`
	// Delimiter separates a CSV file's columns; empty finds it.
	Delimiter string `yaml:"delimiter" json:"delimiter,omitempty"`
	// ItemPath is the path of an XML feed's repeated car element.
	ItemPath string `yaml:"item_path" json:"item_path,omitempty"`
	// Columns maps the dealer's column names to the feed's.
	Columns map[string]string `yaml:"columns" json:"columns,omitempty"`
	// Schedule is how often serve pulls it, e.g. 15m; empty: never (the
	// import command alone).
	Schedule string `yaml:"schedule" json:"schedule,omitempty"`
	// Partial marks a feed that is not the whole stock: cars missing
	// from it are left as they are instead of sold.
	Partial bool `yaml:"partial" json:"partial,omitempty"`
	// MaxSoldPercent is the most of the listed cars one full feed may
	// sell; past it the feed sells none and is reported suspect.
	MaxSoldPercent int `yaml:"max_sold_percent" json:"max_sold_percent,omitempty"`
	// PhotoAllowHosts are addresses or CIDR prefixes of the dealer's own
	// photo server that may be fetched although private (a server on the
	// dealer's network, reached through a VPN); every other private,
	// loopback or link-local address is refused (docs/stock-feed.md).
	PhotoAllowHosts []string `yaml:"photo_allow_hosts" json:"photo_allow_hosts,omitempty"`
}

// PhotoAllow is PhotoAllowHosts read (the site file was checked: every
// item is an address or a prefix).
func (f Feed) PhotoAllow() []netip.Prefix {
	var out []netip.Prefix
	for _, h := range f.PhotoAllowHosts {
		if p, ok := netaddr.Prefix(h); ok {
			out = append(out, p)
		}
	}
	return out
}

// DefaultMaxSoldPercent guards against a truncated feed selling the stock.
const DefaultMaxSoldPercent = 30

// MinFeedSchedule is the shortest schedule a site file may set.
const MinFeedSchedule = time.Second

// Every is the feed's schedule, 0 when it is not pulled on one.
func (f Feed) Every() time.Duration {
	d, err := time.ParseDuration(f.Schedule)
	if err != nil {
		return 0
	}
	return d
}

// MaxSold is the share of listed cars a full feed may sell, 0 to 1.
func (f Feed) MaxSold() float64 {
	if f.MaxSoldPercent <= 0 {
		return DefaultMaxSoldPercent / 100.0
	}
	return float64(f.MaxSoldPercent) / 100
}

// Options are how the feed package reads this feed.
func (f Feed) Options() feed.Options {
	o := feed.Options{Format: f.Format, ItemPath: f.ItemPath, Columns: f.Columns}
	if f.Delimiter != "" {
		o.Delimiter = []rune(f.Delimiter)[0]
		if f.Delimiter == `\t` || f.Delimiter == "tab" {
			o.Delimiter = '\t'
		}
	}
	return o
}

func checkFeed(f Feed, bad func(ptr, msg string)) {
	if f.URL != "" && f.File != "" {
		bad("/feed/file", "give url or file, not both")
	}
	if f.Schedule != "" {
		d, err := time.ParseDuration(f.Schedule)
		switch {
		case err != nil:
			bad("/feed/schedule", fmt.Sprintf("%q is not a duration like 15m or 1h", f.Schedule))
		case d < MinFeedSchedule:
			bad("/feed/schedule", fmt.Sprintf("%s is shorter than %s", d, MinFeedSchedule))
		case f.URL == "" && f.File == "":
			bad("/feed/schedule", "a schedule needs the feed's url or file")
		}
	}
	if (f.AuthHeader == "") != (f.AuthEnv == "") {
		bad("/feed/auth_header", "give auth_header and auth_env together")
	}
	if err := feed.CheckColumnMap(f.Columns); err != nil {
		bad("/feed/columns", err.Error())
	}
	for i, h := range f.PhotoAllowHosts {
		if _, ok := netaddr.Prefix(h); !ok {
			bad(fmt.Sprintf("/feed/photo_allow_hosts/%d", i), fmt.Sprintf("%q is not an address or CIDR prefix like 10.20.0.5 or 10.20.0.0/16", h))
		}
	}
}
