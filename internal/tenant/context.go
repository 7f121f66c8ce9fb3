package tenant

import "context"

type siteKey struct{}

// WithSite returns ctx carrying the site a request was resolved to (by its
// Host header).
func WithSite(ctx context.Context, site *Site) context.Context {
	return context.WithValue(ctx, siteKey{}, site)
}

// SiteFrom returns the site WithSite put in ctx, or nil.
func SiteFrom(ctx context.Context) *Site {
	s, _ := ctx.Value(siteKey{}).(*Site)
	return s
}
