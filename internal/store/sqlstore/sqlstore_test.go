package sqlstore

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
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

func TestMigrationsRenderEveryTemplateAndAddTheDatabasesOwn(t *testing.T) {
	sc := Schema{Int: "INT8", JSON: "JSON", Time: "TS", OptionalTime: "TS NULL", Flag: "BOOL", Identity: "ID", Serial: "SERIAL", IsSet: "IS SET",
		Own: fstest.MapFS{"00006_own.sql": {Data: []byte("-- +goose Up\nCREATE TABLE own (x {{.Int}});\n")}}}
	fsys, err := sc.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"00001_init.sql", "00002_lead_outbox.sql", "00003_valuation_records.sql", "00004_car_views.sql", "00006_own.sql", "00007_accounts.sql", "00009_car_view_visitors.sql", "00010_car_price_changes.sql", "00011_alerts.sql", "00012_feeds.sql", "00013_photos.sql", "00014_spent_stops_and_code_askers.sql"}
	if !slices.Equal(names, want) {
		t.Fatalf("migrations %v, want %v (the versions databases already carry)", names, want)
	}
	for _, name := range names {
		text, _ := fs.ReadFile(fsys, name)
		own := name == "00006_own.sql"
		if strings.Contains(string(text), "{{") != own {
			t.Errorf("%s: rendered %v, want %v:\n%s", name, !own, own, text)
		}
	}
	if text, _ := fs.ReadFile(fsys, "00001_init.sql"); !strings.Contains(string(text), "id ID,") || !strings.Contains(string(text), "data JSON NOT NULL") {
		t.Errorf("00001_init.sql does not spell the schema's types:\n%s", text)
	}

	sc.Own = fstest.MapFS{"00001_init.sql": {Data: []byte("-- +goose Up\n")}}
	if _, err := sc.Migrations(); err == nil {
		t.Error("a database's own migration may take a shared migration's name")
	}
}
