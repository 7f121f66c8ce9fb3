package sitepages

import (
	"fmt"
	"slices"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// maxReviews caps the reviews shown whatever the config says
// (docs/behaviour/entities.md#review: "at most 12 Google reviews").
const MaxReviews = 12

// ReviewItem is one review as docs/behaviour/entities.md lists its fields: dates as
// dd/MM/yyyy and in words relative to now.
type ReviewItem struct {
	ID                int64
	Image             string
	CustomerName      string
	Text              string
	Rating            int
	CreatedAgo        string
	ReviewDate        string
	ReviewDateInWords string
	ReplyText         string
	ReplyDate         string
	ReplyDateInWords  string
	LocationID        int64
}

// ReviewsAnswer is the reviews a site shows with its rating (GET
// /api/reviews answers it as apitypes.Reviews).
type ReviewsAnswer struct {
	// AverageRating and Count are the site's main location's rating
	// (ReviewSummary), not just the reviews listed.
	AverageRating float64
	Count         int
	Reviews       []ReviewItem
}

// ShownReviews keeps reviews rated at least the site's minimum, newest
// first, at most the configured maximum (and never more than 12); none when
// the site hides reviews.
func ShownReviews(cfg tenant.Reviews, rs []catalog.Review) []catalog.Review {
	if cfg.Hidden {
		return nil
	}
	limit := MaxReviews
	if cfg.Max > 0 && cfg.Max < limit {
		limit = cfg.Max
	}
	var out []catalog.Review
	for _, r := range rs {
		if r.Rating >= cfg.MinRating {
			out = append(out, r)
		}
	}
	slices.SortStableFunc(out, func(a, b catalog.Review) int { return b.ReviewDate.Compare(a.ReviewDate) })
	return out[:min(len(out), limit)]
}

// ReviewSummary is the rating the reviews summary shows: the site's main
// location's own (tenant.Site.MainLocation), the same record its location
// box shows, so the page gives one answer.
func ReviewSummary(site *tenant.Site, ls []catalog.Location) (avg float64, count int) {
	main, ok := site.MainLocation()
	if !ok {
		return 0, 0
	}
	for _, l := range ls {
		if l.Slug == main.Key {
			return l.Reviews.AverageRating, l.Reviews.Count
		}
	}
	return 0, 0
}

// AgoInWords says how long before now t was, in the largest whole unit.
func AgoInWords(t, now time.Time) string {
	d := now.Sub(t)
	unit := func(n int, name string) string {
		if n == 1 {
			return "1 " + name + " ago"
		}
		return fmt.Sprintf("%d %ss ago", n, name)
	}
	switch {
	case d < time.Hour:
		return "less than an hour ago"
	case d < 24*time.Hour:
		return unit(int(d.Hours()), "hour")
	case d < 30*24*time.Hour:
		return unit(int(d.Hours()/24), "day")
	case d < 365*24*time.Hour:
		return unit(int(d.Hours()/24/30), "month")
	}
	return unit(int(d.Hours()/24/365), "year")
}

// Reviews is GET /api/reviews: the reviews the site shows, with dates in
// its time zone and in words relative to now, and its main location's
// rating.
func Reviews(site *tenant.Site, rs []catalog.Review, ls []catalog.Location, now time.Time) ReviewsAnswer {
	zone, err := time.LoadLocation(site.Timezone)
	if err != nil {
		zone = time.UTC
	}
	out := ReviewsAnswer{Reviews: []ReviewItem{}}
	out.AverageRating, out.Count = ReviewSummary(site, ls)
	for _, rv := range ShownReviews(site.Reviews, rs) {
		it := ReviewItem{
			ID: rv.ID, Image: rv.Image, CustomerName: rv.CustomerName, Text: rv.Text, Rating: rv.Rating,
			CreatedAgo: AgoInWords(rv.ReviewDate, now), ReviewDate: rv.ReviewDate.In(zone).Format("02/01/2006"),
			ReviewDateInWords: AgoInWords(rv.ReviewDate, now), ReplyText: rv.ReplyText, LocationID: rv.LocationID,
		}
		if rv.ReplyDate != nil && rv.ReplyText != "" {
			it.ReplyDate = rv.ReplyDate.In(zone).Format("02/01/2006")
			it.ReplyDateInWords = AgoInWords(*rv.ReplyDate, now)
		}
		out.Reviews = append(out.Reviews, it)
	}
	return out
}
