package sqlstore

import (
	"testing"
	"time"
)

func TestRebindNumbersPlaceholdersOutsideQuotes(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"SELECT 1", "SELECT 1"},
		{"WHERE site = ? AND id = ?", "WHERE site = $1 AND id = $2"},
		{"WHERE a = '?' AND b = ? AND \"c?\" = ?", "WHERE a = '?' AND b = $1 AND \"c?\" = $2"},
		{"VALUES (?, ?, ?)", "VALUES ($1, $2, $3)"},
	} {
		if got := Rebind(c.in); got != c.want {
			t.Errorf("Rebind(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestTimeColumnReadsEitherKind(t *testing.T) {
	want := time.Date(2026, 11, 26, 5, 30, 0, 123456000, time.UTC)
	for _, v := range []any{want.In(time.FixedZone("AEST", 10*3600)), TextTime(want), []byte(TextTime(want).(string))} {
		var got time.Time
		if err := (timeCol{&got}).Scan(v); err != nil || !got.Equal(want) || got.Location() != time.UTC {
			t.Errorf("Scan(%v) = %v, %v; want %v UTC", v, got, err, want)
		}
	}
	for _, v := range []any{nil, ""} {
		got := want
		if err := (timeCol{&got}).Scan(v); err != nil || !got.IsZero() {
			t.Errorf("Scan(%#v) = %v, %v; want the zero time", v, got, err)
		}
	}
}
