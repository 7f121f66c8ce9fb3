package feed

import (
	"slices"
	"testing"

	"forecourt/internal/catalog"
)

// The report's sold cars are those a row changed to sold and those a full
// feed leaves out; Listed and WouldSell measure what a full feed sells.
func TestPlanCountsSales(t *testing.T) {
	listedCar := func(id int64, stock, status string, shown bool) catalog.Car {
		return catalog.Car{ID: id, Slug: "s-" + stock, Name: "2020 Kia Rio", Year: 2020, Make: "Kia", Model: "Rio", CarType: "used",
			Status: status, StockNum: stock, ShowOnWebsite: shown, CreatedAt: earlier, UpdatedAt: earlier}
	}
	existing := []catalog.Car{
		listedCar(1, "IN1", catalog.StatusInStock, true),
		listedCar(2, "IN2", catalog.StatusInStock, true),
		listedCar(3, "SOON", catalog.StatusComingSoon, true),
		listedCar(4, "HIDDEN", catalog.StatusInStock, false), // not on the website
		listedCar(5, "GONE", catalog.StatusSold, true),
	}
	existing[4].SoldDateTimestamp = earlier.Unix()
	rowOf := func(stock, status string) string {
		return `{"stocknum":"` + stock + `","year":2020,"make":"Kia","model":"Rio","car_type":"used","status":"` + status + `"}`
	}
	tests := []struct {
		name      string
		rows      []string
		full      bool
		want      Report
		wouldSell int
		share     float64
	}{
		{
			name: "a partial feed selling a car by its row",
			rows: []string{rowOf("IN1", "sold"), rowOf("IN2", "in stock")},
			want: Report{Sold: []string{"IN1"}, Unchanged: []string{"IN2"}},
		},
		{
			name: "a sold car's row saying sold again is no sale",
			rows: []string{rowOf("GONE", "sold")},
			want: Report{Unchanged: []string{"GONE"}},
		},
		{
			name: "a new car sold from the start is added",
			rows: []string{rowOf("NEW", "sold")},
			want: Report{Added: []string{"NEW"}},
		},
		{
			name: "a full feed: sold by row first, then those left out",
			rows: []string{rowOf("IN1", "sold"), rowOf("IN2", "in_stock")},
			full: true,
			want: Report{Sold: []string{"IN1", "SOON", "HIDDEN"}, Unchanged: []string{"IN2"}},
			// SOON was listed and is left out; HIDDEN is left out but was
			// not on the website; IN1 was sold by its row.
			wouldSell: 1, share: 1.0 / 3,
		},
		{
			name:      "a full feed of one car",
			rows:      []string{rowOf("IN1", "in_stock")},
			full:      true,
			want:      Report{Sold: []string{"IN2", "SOON", "HIDDEN"}, Unchanged: []string{"IN1"}},
			wouldSell: 2, share: 2.0 / 3,
		},
		{
			name:      "a full feed of none of the cars",
			rows:      []string{rowOf("NEW", "in_stock")},
			full:      true,
			want:      Report{Added: []string{"NEW"}, Sold: []string{"IN1", "IN2", "SOON", "HIDDEN"}},
			wouldSell: 3, share: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var rows []Row
			for i, obj := range tt.rows {
				rows = append(rows, row(t, i+1, obj))
			}
			res := Plan(existing, rows, tt.full, now)
			got := res.Report
			if !slices.Equal(got.Added, tt.want.Added) || !slices.Equal(got.Updated, tt.want.Updated) ||
				!slices.Equal(got.Sold, tt.want.Sold) || !slices.Equal(got.Unchanged, tt.want.Unchanged) {
				t.Fatalf("report %+v, want %+v", got, tt.want)
			}
			if got.Listed != 3 || got.WouldSell != tt.wouldSell || res.SoldShare() != tt.share {
				t.Errorf("listed %d, would sell %d, share %v; want 3, %d, %v", got.Listed, got.WouldSell, res.SoldShare(), tt.wouldSell, tt.share)
			}
			if n := len(got.Added) + len(got.Updated) + len(got.Sold); len(res.Save) != n {
				t.Errorf("saves %d cars, report names %d", len(res.Save), n)
			}
			for _, id := range got.Sold {
				if c, ok := saved(res, id); !ok || c.Status != catalog.StatusSold || c.SoldDateTimestamp != now.Unix() {
					t.Errorf("%s: saved %v status %q sold at %d", id, ok, c.Status, c.SoldDateTimestamp)
				}
			}
		})
	}
	if share := (Result{}).SoldShare(); share != 0 {
		t.Errorf("no listed cars: share %v", share)
	}
	res := Plan(nil, []Row{row(t, 1, rowOf("A", "in_stock"))}, true, now)
	if res.Report.Listed != 0 || res.Report.WouldSell != 0 || res.SoldShare() != 0 {
		t.Errorf("an empty site: %+v", res.Report)
	}
}
