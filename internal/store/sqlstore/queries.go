package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	gojson "github.com/goccy/go-json"

	"forecourt/internal/catalog"
)

// table describes one of the simple per-site tables keyed by (site, id).
type table[T any] struct {
	name    string
	cols    []string // looked-up columns besides site, id and data
	id      func(*T) *int64
	values  func(*T) []any // values of cols
	times   []int          // which of cols are timestamps
	prepare func(*T)
}

var (
	dealerships = table[catalog.Dealership]{
		name: "dealerships", cols: []string{"slug"},
		id:     func(d *catalog.Dealership) *int64 { return &d.ID },
		values: func(d *catalog.Dealership) []any { return []any{d.Slug} },
	}
	locations = table[catalog.Location]{
		name: "locations", cols: []string{"slug", "dealership_id"},
		id:     func(l *catalog.Location) *int64 { return &l.ID },
		values: func(l *catalog.Location) []any { return []any{l.Slug, l.DealershipID} },
	}
	reviews = table[catalog.Review]{
		name: "reviews", cols: []string{"location_id", "review_date"},
		id:      func(r *catalog.Review) *int64 { return &r.ID },
		values:  func(r *catalog.Review) []any { return []any{r.LocationID, r.ReviewDate} },
		times:   []int{1},
		prepare: prepareReview,
	}
	models = table[catalog.Model]{
		name: "models", cols: []string{"slug", "make"},
		id:     func(m *catalog.Model) *int64 { return &m.ID },
		values: func(m *catalog.Model) []any { return []any{m.Slug, m.Make} },
	}
)

// save upserts items by (site, id); id 0 gets the next free id of the site.
// Ids are written back only once the transaction has committed.
func save[T any](ctx context.Context, s *Store, tb table[T], site string, items []T) error {
	if len(items) == 0 {
		return nil
	}
	ids := make([]int64, len(items))
	for i := range items {
		ids[i] = *tb.id(&items[i])
	}
	cols := append([]string{"site", "id"}, tb.cols...)
	cols = append(cols, "data")
	set := make([]string, 0, len(cols)-2)
	for _, c := range cols[2:] {
		set = append(set, c+" = excluded."+c)
	}
	upsert := fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s) ON CONFLICT (site, id) DO UPDATE SET %s",
		tb.name, strings.Join(cols, ", "), placeholders(len(cols)), strings.Join(set, ", "))

	err := s.inTx(ctx, func(tx *sql.Tx) error {
		assigned := append([]int64(nil), ids...)
		if slices.Contains(ids, 0) {
			if err := s.lock(ctx, tx, tb.name+":"+site); err != nil {
				return err
			}
			var stored int64
			if err := s.queryRow(ctx, tx, "SELECT COALESCE(MAX(id), 0) FROM "+tb.name+" WHERE site = ?", site).Scan(&stored); err != nil {
				return err
			}
			next := nextID(stored, ids)
			for i := range assigned {
				if assigned[i] == 0 {
					assigned[i] = next
					next++
				}
			}
		}
		stmt, err := tx.PrepareContext(ctx, s.q(upsert))
		if err != nil {
			return err
		}
		defer stmt.Close()
		for i := range items {
			it := items[i]
			*tb.id(&it) = assigned[i]
			if tb.prepare != nil {
				tb.prepare(&it)
			}
			data, err := marshal(&it)
			if err != nil {
				return err
			}
			vals := tb.values(&it)
			for _, c := range tb.times {
				vals[c] = s.optional(vals[c].(time.Time))
			}
			args := append([]any{site, assigned[i]}, vals...)
			if _, err := stmt.ExecContext(ctx, append(args, string(data))...); err != nil {
				return fmt.Errorf("%d: %w", assigned[i], err)
			}
		}
		copy(ids, assigned)
		return nil
	})
	if err != nil {
		return s.errorf("save "+tb.name, err)
	}
	for i := range items {
		*tb.id(&items[i]) = ids[i]
	}
	return nil
}

func list[T any](ctx context.Context, s *Store, tb table[T], site string) ([]T, error) {
	rows, err := s.query(ctx, s.read, "SELECT id, data FROM "+tb.name+" WHERE site = ? ORDER BY id", site)
	out, err := collect(rows, err, func(r *sql.Rows) (T, error) {
		var v T
		var id int64
		var data []byte
		if err := r.Scan(&id, &data); err != nil {
			return v, err
		}
		if err := json.Unmarshal(data, &v); err != nil {
			return v, fmt.Errorf("decode %d: %w", id, err)
		}
		*tb.id(&v) = id
		return v, nil
	})
	if err != nil {
		return nil, s.errorf(tb.name, err)
	}
	return out, nil
}

func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// Empty reports whether no site has cars or dealerships.
func (s *Store) Empty(ctx context.Context) (bool, error) {
	var empty bool
	err := s.queryRow(ctx, s.read,
		"SELECT NOT EXISTS (SELECT 1 FROM cars) AND NOT EXISTS (SELECT 1 FROM dealerships)").Scan(&empty)
	if err != nil {
		return false, s.errorf("empty", err)
	}
	return empty, nil
}

func (s *Store) SaveDealerships(ctx context.Context, site string, ds []catalog.Dealership) error {
	return save(ctx, s, dealerships, site, ds)
}

func (s *Store) Dealerships(ctx context.Context, site string) ([]catalog.Dealership, error) {
	return list(ctx, s, dealerships, site)
}

func (s *Store) SaveLocations(ctx context.Context, site string, ls []catalog.Location) error {
	return save(ctx, s, locations, site, ls)
}

func (s *Store) Locations(ctx context.Context, site string) ([]catalog.Location, error) {
	ls, err := list(ctx, s, locations, site)
	return sortLocations(ls), err
}

func (s *Store) SaveReviews(ctx context.Context, site string, rs []catalog.Review) error {
	return save(ctx, s, reviews, site, rs)
}

func (s *Store) Reviews(ctx context.Context, site string) ([]catalog.Review, error) {
	return list(ctx, s, reviews, site)
}

func (s *Store) SaveModels(ctx context.Context, site string, ms []catalog.Model) error {
	return save(ctx, s, models, site, ms)
}

func (s *Store) Models(ctx context.Context, site string) ([]catalog.Model, error) {
	return list(ctx, s, models, site)
}

// upsertCars writes n cars in one statement (a round trip each would make
// a stock import wait on thousands). The WHERE on the update keeps a car
// id of one site from being taken over by another: no row comes back for
// it and the save fails.
func upsertCars(n int) string {
	return `INSERT INTO cars (id, site, slug, stocknum, vin, status, show_on_dealer_website, make, car_type, price, updated_at, data)
VALUES ` + strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?), ", n), ", ") + `
ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, stocknum = excluded.stocknum, vin = excluded.vin,
	status = excluded.status, show_on_dealer_website = excluded.show_on_dealer_website, make = excluded.make,
	car_type = excluded.car_type, price = excluded.price, updated_at = excluded.updated_at, data = excluded.data
WHERE cars.site = excluded.site
RETURNING id`
}

// carsPerStatement bounds one upsert: 12 values a car stay well inside
// either database's limit on parameters.
const carsPerStatement = 100

// SaveCars upserts cars by id in one transaction; id 0 gets a new id.
func (s *Store) SaveCars(ctx context.Context, site string, cars []catalog.Car) error {
	if len(cars) == 0 {
		return nil
	}
	ids := make([]int64, len(cars))
	var maxGiven int64
	newCars := 0
	for i, c := range cars {
		ids[i] = c.ID
		maxGiven = max(maxGiven, c.ID)
		if c.ID == 0 {
			newCars++
		}
	}
	now := time.Now().UTC()
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		assigned := append([]int64(nil), ids...)
		if err := s.lock(ctx, tx, "cars"); err != nil {
			return err
		}
		if newCars > 0 {
			fresh, err := s.d.CarIDs(ctx, tx, maxGiven, newCars)
			if err != nil {
				return err
			}
			for i := range assigned {
				if assigned[i] == 0 {
					assigned[i], fresh = fresh[0], fresh[1:]
				}
			}
		}
		for start := 0; start < len(cars); {
			// A statement may change a row once: a car given twice goes
			// in the next statement.
			end, in := start, map[int64]bool{}
			for end < len(cars) && end-start < carsPerStatement && !in[assigned[end]] {
				in[assigned[end]] = true
				end++
			}
			before, err := s.storedPrices(ctx, tx, site, assigned[start:end])
			if err != nil {
				return err
			}
			var changes []priceChange
			args := make([]any, 0, 12*(end-start))
			for i := start; i < end; i++ {
				c := cars[i]
				prepareCar(&c)
				c.ID = assigned[i]
				data, err := encodeCar(c)
				if err != nil {
					return err
				}
				args = append(args, c.ID, site, c.Slug, c.StockNum, c.VIN, c.Status, c.ShowOnWebsite,
					c.Make, c.CarType, c.Price, s.optional(c.UpdatedAt), string(data))
				if ch, ok := priceChanged(c, before, now); ok {
					changes = append(changes, ch)
				}
			}
			rows, err := s.query(ctx, tx, upsertCars(end-start), args...)
			saved, err := collect(rows, err, func(r *sql.Rows) (int64, error) {
				var id int64
				err := r.Scan(&id)
				return id, err
			})
			if err != nil {
				return err
			}
			for _, id := range saved {
				delete(in, id)
			}
			for i := start; i < end; i++ {
				if in[assigned[i]] {
					return fmt.Errorf("car id %d belongs to another site", assigned[i])
				}
			}
			if err := s.recordPriceChanges(ctx, tx, site, changes); err != nil {
				return err
			}
			start = end
		}
		if err := s.d.StockSaved(ctx, tx, site); err != nil {
			return err
		}
		copy(ids, assigned)
		return nil
	})
	if err != nil {
		return s.errorf("save cars", err)
	}
	for i := range cars {
		cars[i].ID = ids[i]
	}
	return nil
}

// encodeCar is the cars table's data column for c: its stored record
// (carrecord.go), not catalog.Car's own JSON.
func encodeCar(c catalog.Car) ([]byte, error) {
	r := carToRecord(c)
	return marshal(&r)
}

// decodeCar reads a stored car. Every build of a site's index decodes all
// of its cars, so this uses go-json, which decodes a car's record into the
// same value as encoding/json does at a sixth of the time
// (TestDecodeCarMatchesEncodingJSON).
func decodeCar(id int64, data []byte) (catalog.Car, error) {
	var r carRecord
	if err := gojson.Unmarshal(data, &r); err != nil {
		return catalog.Car{}, fmt.Errorf("decode car %d: %w", id, err)
	}
	c := carFromRecord(r)
	c.ID = id
	return c, nil
}

func scanCar(r interface{ Scan(...any) error }) (catalog.Car, error) {
	var id int64
	var data []byte
	if err := r.Scan(&id, &data); err != nil {
		return catalog.Car{}, err
	}
	return decodeCar(id, data)
}

// Cars returns every car of the site, hidden and sold included.
func (s *Store) Cars(ctx context.Context, site string) ([]catalog.Car, error) {
	rows, err := s.query(ctx, s.read, "SELECT id, data FROM cars WHERE site = ? ORDER BY id", site)
	out, err := collect(rows, err, func(r *sql.Rows) (catalog.Car, error) { return scanCar(r) })
	if err != nil {
		return nil, s.errorf("cars", err)
	}
	h, err := s.histories(ctx, "site = ?", site)
	if err != nil {
		return nil, s.errorf("cars", err)
	}
	withPriceDrops(out, h)
	return out, nil
}

// CarBySlug returns the site's car with that slug, or a not_found error.
func (s *Store) CarBySlug(ctx context.Context, site, slug string) (catalog.Car, error) {
	return s.car(ctx, site, "slug", slug)
}

// car returns the site's car whose column (id or slug) holds value, or a
// not_found error.
func (s *Store) car(ctx context.Context, site, column string, value any) (catalog.Car, error) {
	c, err := scanCar(s.queryRow(ctx, s.read, "SELECT id, data FROM cars WHERE site = ? AND "+column+" = ?", site, value))
	if errors.Is(err, sql.ErrNoRows) {
		return catalog.Car{}, &catalog.Error{Code: catalog.ENotFound, Message: "Car not found."}
	}
	if err != nil {
		return catalog.Car{}, s.errorf("car by "+column, err)
	}
	h, err := s.histories(ctx, "site = ? AND car_id = ?", site, c.ID)
	if err != nil {
		return catalog.Car{}, s.errorf("car by "+column, err)
	}
	cars := []catalog.Car{c}
	withPriceDrops(cars, h)
	return cars[0], nil
}

func (s *Store) CountCars(ctx context.Context, site string) (int, error) {
	var n int
	if err := s.queryRow(ctx, s.read, "SELECT COUNT(*) FROM cars WHERE site = ?", site).Scan(&n); err != nil {
		return 0, s.errorf("count cars", err)
	}
	return n, nil
}

const leadColumns = "id, idempotency_key, data"

func scanLead(row interface{ Scan(...any) error }) (catalog.Lead, error) {
	var id, key string
	var data []byte
	if err := row.Scan(&id, &key, &data); err != nil {
		return catalog.Lead{}, err
	}
	l, err := decodeLead(data)
	if err != nil {
		return l, fmt.Errorf("decode lead %s: %w", id, err)
	}
	l.ID, l.IdempotencyKey = id, key
	return l, nil
}

// encodeLead is the leads table's data column for l: its stored record
// (leadrecord.go), not catalog.Lead's own JSON.
func encodeLead(l catalog.Lead) ([]byte, error) {
	r := leadToRecord(l)
	return marshal(&r)
}

func decodeLead(data []byte) (catalog.Lead, error) {
	var r leadRecord
	if err := json.Unmarshal(data, &r); err != nil {
		return catalog.Lead{}, err
	}
	return leadFromRecord(r), nil
}

func scanLeads(r *sql.Rows) (catalog.Lead, error) { return scanLead(r) }

// CreateLead commits the lead, or returns the lead already stored under the
// same idempotency key for the site. It queues no delivery (SubmitLead does).
func (s *Store) CreateLead(ctx context.Context, site string, lead catalog.Lead) (catalog.Lead, error) {
	out, _, err := s.SubmitLead(ctx, site, lead, nil)
	return out, err
}

// Leads returns the site's leads created at or after since, oldest first.
func (s *Store) Leads(ctx context.Context, site string, since time.Time) ([]catalog.Lead, error) {
	rows, err := s.query(ctx, s.read, "SELECT "+leadColumns+" FROM leads WHERE site = ? AND created_at >= ? ORDER BY created_at, id",
		site, s.at(since))
	out, err := collect(rows, err, scanLeads)
	if err != nil {
		return nil, s.errorf("leads", err)
	}
	return out, nil
}
