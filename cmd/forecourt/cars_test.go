package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

type carTag struct {
	Label string `json:"label"`
}

type carAnswer struct {
	ID       int64   `json:"id"`
	Slug     string  `json:"slug"`
	StockNum string  `json:"stocknum"`
	Status   string  `json:"status"`
	Reserved bool    `json:"reserved"`
	Tag      *carTag `json:"tag"`
}

// TestCarsReserveReachesARunningServer: the dealer's confirmation marks
// the car reserved, and the running server's car page shows the Reserved
// tag; --release by stock number frees it. On SQLite and PostgreSQL.
func TestCarsReserveReachesARunningServer(t *testing.T) {
	t.Parallel()
	for _, backend := range []string{"sqlite", "postgres"} {
		t.Run(backend, func(t *testing.T) {
			t.Parallel()
			env := map[string]string{}
			if backend == "postgres" {
				env["DATABASE_URL"] = seededPostgres(t)
			}
			data := seededData(t, env)
			port := startServe(t, env, "--data", data, "--ssr=false")
			const site = "summit-motor-group"
			host := site + ".localhost"
			var list struct {
				Hits []carAnswer `json:"hits"`
			}
			if code := getJSON(t, port, host, "/api/search?path=/search", &list); code != 200 {
				t.Fatalf("search: %d", code)
			}
			var car carAnswer
			for _, h := range list.Hits {
				if h.Status != "in_stock" || h.Reserved {
					continue
				}
				// A search card names the car; its own record has the stock number.
				var detail struct{ Car carAnswer }
				if code := getJSON(t, port, host, "/api/cars/"+h.Slug, &detail); code == 200 && detail.Car.StockNum != "" {
					car = detail.Car
					break
				}
			}
			if car.Slug == "" {
				t.Fatal("no unreserved car in stock to reserve")
			}
			getenv := func(k string) string { return env[k] }
			reserve := func(args ...string) string {
				t.Helper()
				var out bytes.Buffer
				if err := run(context.Background(), append([]string{"cars", "reserve", "--data", data, "--site", site}, args...), getenv, &out, io.Discard); err != nil {
					t.Fatalf("cars reserve %v: %v", args, err)
				}
				return out.String()
			}
			waitFor := func(reserved bool) {
				t.Helper()
				deadline := time.Now().Add(15 * time.Second)
				for {
					var got struct {
						Car carAnswer `json:"car"`
					}
					getJSON(t, port, host, "/api/cars/"+car.Slug, &got)
					tagged := got.Car.Tag != nil && got.Car.Tag.Label == "Reserved"
					if got.Car.Reserved == reserved && tagged == reserved {
						return
					}
					if time.Now().After(deadline) {
						t.Fatalf("car page still shows reserved %v, tag %+v, 15 s after the command", got.Car.Reserved, got.Car.Tag)
					}
					time.Sleep(200 * time.Millisecond)
				}
			}
			if out := reserve("--car", car.Slug); !strings.HasPrefix(out, "reserved ") {
				t.Errorf("output %q", out)
			}
			waitFor(true)
			if out := reserve("--car", car.Slug); !strings.Contains(out, "already reserved") {
				t.Errorf("reserving twice: %q", out)
			}
			if out := reserve("--car", strings.ToLower(car.StockNum), "--release"); !strings.HasPrefix(out, "released ") {
				t.Errorf("release output %q", out)
			}
			waitFor(false)

			err := run(context.Background(), []string{"cars", "reserve", "--data", data, "--site", site, "--car", "no-such-car"}, getenv, io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), "no-such-car") {
				t.Errorf("an unknown car: %v", err)
			}
			err = run(context.Background(), []string{"cars", "reserve", "--data", data, "--site", "nobody", "--car", car.Slug}, getenv, io.Discard, io.Discard)
			if err == nil {
				t.Error("an unknown site: no error")
			}
		})
	}
}
