package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store/internal/entity"
)

// table describes one of the simple per-site tables keyed by (site, id).
type table[T any] struct {
	name    string
	cols    []string // looked-up columns besides site, id and data
	id      func(*T) *int64
	values  func(*T) []any // values of cols
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
		values:  func(r *catalog.Review) []any { return []any{r.LocationID, timeText(r.ReviewDate)} },
		prepare: entity.PrepareReview,
	}
	models = table[catalog.Model]{
		name: "models", cols: []string{"slug", "make"},
		id:     func(m *catalog.Model) *int64 { return &m.ID },
		values: func(m *catalog.Model) []any { return []any{m.Slug, m.Make} },
	}
)

func timeText(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return entity.TimeText(t)
}

// save upserts items by (site, id); id 0 gets the next free id of the site.
// Ids are written back only once the transaction has committed.
func save[T any](ctx context.Context, db *DB, tb table[T], site string, items []T) error {
	if len(items) == 0 {
		return nil
	}
	ids := make([]int64, len(items))
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		var next int64
		for i := range items {
			ids[i] = *tb.id(&items[i])
		}
		for _, id := range ids {
			if id == 0 {
				var stored int64
				if err := tx.QueryRowContext(ctx, "SELECT COALESCE(MAX(id), 0) FROM "+tb.name+" WHERE site = ?", site).Scan(&stored); err != nil {
					return err
				}
				next = entity.NextID(stored, ids)
				break
			}
		}
		cols := append([]string{"site", "id"}, tb.cols...)
		cols = append(cols, "data")
		set := make([]string, 0, len(cols)-2)
		for _, c := range cols[2:] {
			set = append(set, c+" = excluded."+c)
		}
		stmt, err := tx.PrepareContext(ctx, fmt.Sprintf(
			"INSERT INTO %s (%s) VALUES (%s) ON CONFLICT (site, id) DO UPDATE SET %s",
			tb.name, strings.Join(cols, ", "), placeholders(len(cols)), strings.Join(set, ", ")))
		if err != nil {
			return err
		}
		defer stmt.Close()
		for i := range items {
			it := items[i]
			if ids[i] == 0 {
				ids[i] = next
				next++
			}
			*tb.id(&it) = ids[i]
			if tb.prepare != nil {
				tb.prepare(&it)
			}
			data, err := entity.Marshal(&it)
			if err != nil {
				return err
			}
			args := append([]any{site, ids[i]}, tb.values(&it)...)
			args = append(args, string(data))
			if _, err := stmt.ExecContext(ctx, args...); err != nil {
				return fmt.Errorf("save %s %d: %w", tb.name, ids[i], err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	for i := range items {
		*tb.id(&items[i]) = ids[i]
	}
	return nil
}

func list[T any](ctx context.Context, db *DB, tb table[T], site string) ([]T, error) {
	rows, err := db.read.QueryContext(ctx, "SELECT id, data FROM "+tb.name+" WHERE site = ? ORDER BY id", site)
	if err != nil {
		return nil, fmt.Errorf("sqlite: %s: %w", tb.name, err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		var id int64
		var data []byte
		if err := rows.Scan(&id, &data); err != nil {
			return nil, err
		}
		var v T
		if err := json.Unmarshal(data, &v); err != nil {
			return nil, fmt.Errorf("sqlite: decode %s %d: %w", tb.name, id, err)
		}
		*tb.id(&v) = id
		out = append(out, v)
	}
	return out, rows.Err()
}

func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// Empty reports whether no site has cars or dealerships.
func (db *DB) Empty(ctx context.Context) (bool, error) {
	var empty bool
	err := db.read.QueryRowContext(ctx,
		"SELECT NOT EXISTS (SELECT 1 FROM cars) AND NOT EXISTS (SELECT 1 FROM dealerships)").Scan(&empty)
	if err != nil {
		return false, fmt.Errorf("sqlite: empty: %w", err)
	}
	return empty, nil
}

func (db *DB) SaveDealerships(ctx context.Context, site string, ds []catalog.Dealership) error {
	return save(ctx, db, dealerships, site, ds)
}

func (db *DB) Dealerships(ctx context.Context, site string) ([]catalog.Dealership, error) {
	return list(ctx, db, dealerships, site)
}

func (db *DB) SaveLocations(ctx context.Context, site string, ls []catalog.Location) error {
	return save(ctx, db, locations, site, ls)
}

func (db *DB) Locations(ctx context.Context, site string) ([]catalog.Location, error) {
	return list(ctx, db, locations, site)
}

func (db *DB) SaveReviews(ctx context.Context, site string, rs []catalog.Review) error {
	return save(ctx, db, reviews, site, rs)
}

func (db *DB) Reviews(ctx context.Context, site string) ([]catalog.Review, error) {
	return list(ctx, db, reviews, site)
}

func (db *DB) SaveModels(ctx context.Context, site string, ms []catalog.Model) error {
	return save(ctx, db, models, site, ms)
}

func (db *DB) Models(ctx context.Context, site string) ([]catalog.Model, error) {
	return list(ctx, db, models, site)
}

// The WHERE on the update keeps a car id of one site from being taken over
// by another: no row comes back and the save fails.
const upsertCar = `INSERT INTO cars (id, site, slug, stocknum, vin, status, show_on_dealer_website, make, car_type, price, updated_at, data)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, stocknum = excluded.stocknum, vin = excluded.vin,
	status = excluded.status, show_on_dealer_website = excluded.show_on_dealer_website, make = excluded.make,
	car_type = excluded.car_type, price = excluded.price, updated_at = excluded.updated_at, data = excluded.data
WHERE cars.site = excluded.site
RETURNING id`

// SaveCars upserts cars by id in one transaction; id 0 gets a new id.
func (db *DB) SaveCars(ctx context.Context, site string, cars []catalog.Car) error {
	if len(cars) == 0 {
		return nil
	}
	ids := make([]int64, len(cars))
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		stmt, err := tx.PrepareContext(ctx, upsertCar)
		if err != nil {
			return err
		}
		defer stmt.Close()
		// Given ids first, so a new car never takes an id that a car later
		// in the batch brings with it.
		for pass := range 2 {
			for i := range cars {
				if (cars[i].ID == 0) != (pass == 1) {
					continue
				}
				c := cars[i]
				entity.PrepareCar(&c)
				var id any
				if c.ID != 0 {
					id = c.ID
				}
				data, err := entity.Marshal(&c)
				if err != nil {
					return err
				}
				err = stmt.QueryRowContext(ctx, id, site, c.Slug, c.StockNum, c.VIN, c.Status, c.ShowOnWebsite,
					c.Make, c.CarType, c.Price, timeText(c.UpdatedAt), string(data)).Scan(&ids[i])
				if errors.Is(err, sql.ErrNoRows) {
					return fmt.Errorf("car id %d belongs to another site", c.ID)
				}
				if err != nil {
					return fmt.Errorf("save car %q: %w", c.Slug, err)
				}
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	for i := range cars {
		cars[i].ID = ids[i]
	}
	return nil
}

func scanCar(id int64, data []byte) (catalog.Car, error) {
	var c catalog.Car
	if err := json.Unmarshal(data, &c); err != nil {
		return c, fmt.Errorf("sqlite: decode car %d: %w", id, err)
	}
	c.ID = id
	return c, nil
}

// Cars returns every car of the site, hidden and sold included.
func (db *DB) Cars(ctx context.Context, site string) ([]catalog.Car, error) {
	rows, err := db.read.QueryContext(ctx, "SELECT id, data FROM cars WHERE site = ? ORDER BY id", site)
	if err != nil {
		return nil, fmt.Errorf("sqlite: cars: %w", err)
	}
	defer rows.Close()
	var out []catalog.Car
	for rows.Next() {
		var id int64
		var data []byte
		if err := rows.Scan(&id, &data); err != nil {
			return nil, err
		}
		c, err := scanCar(id, data)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// CarBySlug returns the site's car with that slug, or a not_found error.
func (db *DB) CarBySlug(ctx context.Context, site, slug string) (catalog.Car, error) {
	var id int64
	var data []byte
	err := db.read.QueryRowContext(ctx, "SELECT id, data FROM cars WHERE site = ? AND slug = ?", site, slug).Scan(&id, &data)
	if errors.Is(err, sql.ErrNoRows) {
		return catalog.Car{}, &catalog.Error{Code: catalog.ENotFound, Message: "Car not found."}
	}
	if err != nil {
		return catalog.Car{}, fmt.Errorf("sqlite: car by slug: %w", err)
	}
	return scanCar(id, data)
}

func (db *DB) CountCars(ctx context.Context, site string) (int, error) {
	var n int
	if err := db.read.QueryRowContext(ctx, "SELECT COUNT(*) FROM cars WHERE site = ?", site).Scan(&n); err != nil {
		return 0, fmt.Errorf("sqlite: count cars: %w", err)
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
	var l catalog.Lead
	if err := json.Unmarshal(data, &l); err != nil {
		return l, fmt.Errorf("decode lead %s: %w", id, err)
	}
	l.ID, l.IdempotencyKey = id, key
	return l, nil
}

// CreateLead commits the lead, or returns the lead already stored under the
// same idempotency key for the site. It queues no delivery (SubmitLead does).
func (db *DB) CreateLead(ctx context.Context, site string, lead catalog.Lead) (catalog.Lead, error) {
	out, _, err := db.SubmitLead(ctx, site, lead, nil)
	return out, err
}

// Leads returns the site's leads created at or after since, oldest first.
func (db *DB) Leads(ctx context.Context, site string, since time.Time) ([]catalog.Lead, error) {
	rows, err := db.read.QueryContext(ctx, "SELECT "+leadColumns+" FROM leads WHERE site = ? AND created_at >= ? ORDER BY created_at, id",
		site, entity.TimeText(since))
	if err != nil {
		return nil, fmt.Errorf("sqlite: leads: %w", err)
	}
	defer rows.Close()
	var out []catalog.Lead
	for rows.Next() {
		l, err := scanLead(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: %w", err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}
