package sitepages_test

import (
	"reflect"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/sitepages"
	"forecourt/internal/tenant"
)

func TestAgoInWords(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		ago  time.Duration
		want string
	}{
		{30 * time.Minute, "less than an hour ago"},
		{time.Hour, "1 hour ago"},
		{5 * time.Hour, "5 hours ago"},
		{24 * time.Hour, "1 day ago"},
		{29 * 24 * time.Hour, "29 days ago"},
		{30 * 24 * time.Hour, "1 month ago"},
		{200 * 24 * time.Hour, "6 months ago"},
		{365 * 24 * time.Hour, "1 year ago"},
		{3 * 365 * 24 * time.Hour, "3 years ago"},
	} {
		if got := sitepages.AgoInWords(now.Add(-c.ago), now); got != c.want {
			t.Errorf("%v before: %q, want %q", c.ago, got, c.want)
		}
	}
}

func TestShownReviews(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 11, d, 9, 0, 0, 0, time.UTC) }
	var rs []catalog.Review
	for i := 1; i <= 20; i++ {
		rs = append(rs, catalog.Review{ID: int64(i), Rating: 1 + i%5, ReviewDate: day(i)})
	}
	ids := func(rs []catalog.Review) []int64 {
		var out []int64
		for _, r := range rs {
			out = append(out, r.ID)
		}
		return out
	}
	for _, c := range []struct {
		name string
		cfg  tenant.Reviews
		want []int64
	}{
		{"hidden", tenant.Reviews{Hidden: true}, nil},
		{"four stars and up, newest first, at most 3", tenant.Reviews{MinRating: 4, Max: 3}, []int64{19, 18, 14}},
		{"never more than 12", tenant.Reviews{Max: 50}, []int64{20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9}},
		{"five stars only", tenant.Reviews{MinRating: 5}, []int64{19, 14, 9, 4}},
	} {
		got := ids(sitepages.ShownReviews(c.cfg, rs))
		if len(got) != len(c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: %v, want %v", c.name, got, c.want)
				break
			}
		}
	}
}

// The summary is the main location's own rating, the one its location box
// shows: not a sum over the group's departments.
func TestReviewSummaryIsTheMainLocations(t *testing.T) {
	site := &tenant.Site{Locations: []tenant.Location{{Key: "service", Type: "service"}, {Key: "sales", Main: true}, {Key: "parts", Type: "parts"}}}
	ls := []catalog.Location{
		{Slug: "service", Reviews: catalog.ReviewSummary{AverageRating: 4.1, Count: 174}},
		{Slug: "sales", Reviews: catalog.ReviewSummary{AverageRating: 4.7, Count: 296}},
		{Slug: "parts", Reviews: catalog.ReviewSummary{AverageRating: 4.3, Count: 43}},
	}
	if avg, n := sitepages.ReviewSummary(site, ls); avg != 4.7 || n != 296 {
		t.Errorf("got %v from %d, want the main location's 4.7 from 296", avg, n)
	}
	if avg, n := sitepages.ReviewSummary(&tenant.Site{}, nil); avg != 0 || n != 0 {
		t.Errorf("no locations: %v from %d", avg, n)
	}
}

func TestReviewsAnswerDatesInTheSiteZone(t *testing.T) {
	site := &tenant.Site{Timezone: "Australia/Sydney", Locations: []tenant.Location{{Key: "sales"}}}
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	// 20:00 UTC on the 24th is the 25th in Sydney.
	reviewed := time.Date(2026, 11, 24, 20, 0, 0, 0, time.UTC)
	replied := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	rs := []catalog.Review{
		{ID: 1, CustomerName: "Ana", Text: "Great", Rating: 5, ReviewDate: reviewed, ReplyText: "Thanks", ReplyDate: &replied},
		{ID: 2, CustomerName: "Ben", Rating: 4, ReviewDate: reviewed, ReplyDate: &replied}, // a reply date without text is no reply
	}
	got := sitepages.Reviews(site, rs, []catalog.Location{{Slug: "sales", Reviews: catalog.ReviewSummary{AverageRating: 4.5, Count: 10}}}, now)
	want := sitepages.ReviewsAnswer{AverageRating: 4.5, Count: 10, Reviews: []sitepages.ReviewItem{
		{ID: 1, CustomerName: "Ana", Text: "Great", Rating: 5, CreatedAgo: "1 day ago", ReviewDate: "25/11/2026", ReviewDateInWords: "1 day ago",
			ReplyText: "Thanks", ReplyDate: "26/11/2026", ReplyDateInWords: "2 hours ago"},
		{ID: 2, CustomerName: "Ben", Rating: 4, CreatedAgo: "1 day ago", ReviewDate: "25/11/2026", ReviewDateInWords: "1 day ago"},
	}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	// A site that hides its reviews lists none (an empty list, never null).
	if got := sitepages.Reviews(&tenant.Site{Timezone: "Australia/Sydney", Reviews: tenant.Reviews{Hidden: true}}, rs, nil, now); got.AverageRating != 0 || got.Count != 0 || got.Reviews == nil || len(got.Reviews) != 0 {
		t.Errorf("hidden: %+v", got)
	}
}
