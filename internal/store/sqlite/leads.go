package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
	"forecourt/internal/store/internal/entity"
)

// SubmitLead writes the lead and its deliveries in one transaction. Leads
// submitted at the same moment share one commit (group commit): SQLite has
// one writer, and a commit each would make 200 buyers queue behind 200
// disk writes. Each lead has its own savepoint, so one refused lead never
// takes another down, and SubmitLead returns only after the commit.
func (db *DB) SubmitLead(ctx context.Context, site string, lead catalog.Lead, destinations []string) (catalog.Lead, bool, error) {
	entity.PrepareLead(&lead, time.Now())
	data, err := entity.Marshal(&lead)
	if err != nil {
		return catalog.Lead{}, false, err
	}
	req := &leadSubmit{site: site, lead: lead, data: data, destinations: destinations, done: make(chan struct{})}
	if lead.AppointmentAt != nil {
		req.appointment = entity.TimeText(*lead.AppointmentAt)
	}
	if err := db.leadQueue.submit(ctx, db, req); err != nil {
		return catalog.Lead{}, false, err
	}
	<-req.done // once queued, the outcome is always waited for: it may have committed
	if errors.Is(req.err, store.ErrAppointmentTaken) {
		return catalog.Lead{}, false, req.err
	}
	if req.err != nil {
		return catalog.Lead{}, false, fmt.Errorf("sqlite: submit lead: %w", req.err)
	}
	return req.out, req.created, nil
}

// writeLead is one lead's part of a group commit. (The key lookup repeats
// the partial index's condition, the key is not empty, so the planner uses
// that index instead of scanning every lead.)
func writeLead(tx *sql.Tx, r *leadSubmit) error {
	ctx := context.Background()
	lead := r.lead
	r.out = lead
	if lead.IdempotencyKey != "" {
		prev, err := scanLead(tx.QueryRowContext(ctx, "SELECT "+leadColumns+" FROM leads WHERE site = ? AND idempotency_key = ? AND idempotency_key <> ''",
			r.site, lead.IdempotencyKey))
		if err == nil {
			r.out = prev
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO leads (id, site, idempotency_key, category, email, phone, car_id, created_at, data, location_id, appointment_at, user_phone)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		lead.ID, r.site, lead.IdempotencyKey, lead.Category, lead.Email, lead.Phone, lead.CarID,
		entity.TimeText(lead.CreatedAt), string(r.data), lead.LocationID, r.appointment, lead.UserPhone)
	if err != nil {
		if strings.Contains(err.Error(), "leads.appointment_at") {
			return store.ErrAppointmentTaken
		}
		return err
	}
	now := entity.TimeText(time.Now())
	for _, d := range r.destinations {
		if _, err := tx.ExecContext(ctx, `INSERT INTO lead_deliveries (site, lead_id, destination, next_attempt_at, created_at)
VALUES (?, ?, ?, ?, ?)`, r.site, lead.ID, d, now, now); err != nil {
			return err
		}
	}
	r.created = true
	return nil
}

// CarByID returns one of the site's cars.
func (db *DB) CarByID(ctx context.Context, site string, id int64) (catalog.Car, error) {
	var data []byte
	err := db.read.QueryRowContext(ctx, "SELECT data FROM cars WHERE site = ? AND id = ?", site, id).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return catalog.Car{}, &catalog.Error{Code: catalog.ENotFound, Message: "Car not found."}
	}
	if err != nil {
		return catalog.Car{}, fmt.Errorf("sqlite: car by id: %w", err)
	}
	return scanCar(id, data)
}

// LeadByID returns one of the site's leads.
func (db *DB) LeadByID(ctx context.Context, site, id string) (catalog.Lead, error) {
	l, err := scanLead(db.read.QueryRowContext(ctx, "SELECT "+leadColumns+" FROM leads WHERE site = ? AND id = ?", site, id))
	if errors.Is(err, sql.ErrNoRows) {
		return catalog.Lead{}, catalog.Errorf(catalog.ENotFound, "No lead %s.", id)
	}
	if err != nil {
		return catalog.Lead{}, fmt.Errorf("sqlite: lead: %w", err)
	}
	return l, nil
}

// BookedAppointments lists booked test-drive slots at a location.
func (db *DB) BookedAppointments(ctx context.Context, site string, locationID int64, from, to time.Time) ([]time.Time, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT appointment_at FROM leads
WHERE site = ? AND location_id = ? AND appointment_at >= ? AND appointment_at < ? ORDER BY appointment_at`,
		site, locationID, entity.TimeText(from), entity.TimeText(to))
	if err != nil {
		return nil, fmt.Errorf("sqlite: appointments: %w", err)
	}
	defer rows.Close()
	var out []time.Time
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, fmt.Errorf("sqlite: appointments: %w", err)
		}
		t, err := time.Parse(entity.TimeLayout, s)
		if err != nil {
			return nil, fmt.Errorf("sqlite: appointment %q: %w", s, err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

const deliveryColumns = "id, site, lead_id, destination, state, attempts, next_attempt_at, last_error, created_at, delivered_at"

func scanDelivery(row interface{ Scan(...any) error }) (store.Delivery, error) {
	var d store.Delivery
	var next, created, delivered string
	if err := row.Scan(&d.ID, &d.Site, &d.LeadID, &d.Destination, &d.State, &d.Attempts, &next, &d.LastError, &created, &delivered); err != nil {
		return d, err
	}
	var err error
	if d.NextAttemptAt, err = time.Parse(entity.TimeLayout, next); err != nil {
		return d, err
	}
	if d.CreatedAt, err = time.Parse(entity.TimeLayout, created); err != nil {
		return d, err
	}
	if delivered != "" {
		if d.DeliveredAt, err = time.Parse(entity.TimeLayout, delivered); err != nil {
			return d, err
		}
	}
	return d, nil
}

// ClaimDeliveries takes due deliveries and leases them to the caller.
func (db *DB) ClaimDeliveries(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]store.Delivery, error) {
	var out []store.Delivery
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `UPDATE lead_deliveries SET attempts = attempts + 1, next_attempt_at = ?
WHERE id IN (SELECT id FROM lead_deliveries WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?)
RETURNING `+deliveryColumns, entity.TimeText(now.Add(lease)), entity.TimeText(now), limit)
		if err != nil {
			return err
		}
		for rows.Next() {
			d, err := scanDelivery(rows)
			if err != nil {
				rows.Close()
				return err
			}
			out = append(out, d)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for i := range out {
			l, err := scanLead(tx.QueryRowContext(ctx, "SELECT "+leadColumns+" FROM leads WHERE site = ? AND id = ?", out[i].Site, out[i].LeadID))
			if err != nil {
				return err
			}
			out[i].Lead = l
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: claim deliveries: %w", err)
	}
	return out, nil
}

// DeliverySucceeded marks a delivery delivered.
func (db *DB) DeliverySucceeded(ctx context.Context, id int64, now time.Time) error {
	_, err := db.write.ExecContext(ctx, "UPDATE lead_deliveries SET state = 'delivered', delivered_at = ?, last_error = '' WHERE id = ?",
		entity.TimeText(now), id)
	if err != nil {
		return fmt.Errorf("sqlite: delivery succeeded: %w", err)
	}
	return nil
}

// DeliveryFailed records a failed try.
func (db *DB) DeliveryFailed(ctx context.Context, id int64, reason string, retryAt time.Time, dead bool) error {
	state := store.DeliveryPending
	if dead {
		state = store.DeliveryDead
	}
	_, err := db.write.ExecContext(ctx, "UPDATE lead_deliveries SET state = ?, next_attempt_at = ?, last_error = ? WHERE id = ? AND state = 'pending'",
		state, entity.TimeText(retryAt), reason, id)
	if err != nil {
		return fmt.Errorf("sqlite: delivery failed: %w", err)
	}
	return nil
}

// RequeueDeadDeliveries gives the site's dead deliveries a fresh start.
func (db *DB) RequeueDeadDeliveries(ctx context.Context, site string, now time.Time) (int, error) {
	res, err := db.write.ExecContext(ctx, "UPDATE lead_deliveries SET state = 'pending', attempts = 0, next_attempt_at = ? WHERE site = ? AND state = 'dead'",
		entity.TimeText(now), site)
	if err != nil {
		return 0, fmt.Errorf("sqlite: requeue: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// Deliveries lists the site's deliveries.
func (db *DB) Deliveries(ctx context.Context, site string) ([]store.Delivery, error) {
	rows, err := db.read.QueryContext(ctx, "SELECT "+deliveryColumns+" FROM lead_deliveries WHERE site = ? ORDER BY id", site)
	if err != nil {
		return nil, fmt.Errorf("sqlite: deliveries: %w", err)
	}
	defer rows.Close()
	var out []store.Delivery
	for rows.Next() {
		d, err := scanDelivery(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: deliveries: %w", err)
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// oldLeads selects the leads a purge removes; each use takes the cut-off
// and the site twice ("" for every site).
const oldLeads = "SELECT site, id FROM leads WHERE created_at < ? AND (? = '' OR site = ?)"

// PurgeLeads deletes the leads received before before, with their
// deliveries and valuation records, in one transaction. The counts of a
// purge are the rows its deletes removed; a dry run counts in one
// statement on a reader, so it never waits for the writer.
func (db *DB) PurgeLeads(ctx context.Context, site string, before time.Time, dryRun bool) (store.LeadPurge, error) {
	var p store.LeadPurge
	cut := entity.TimeText(before)
	args := func(n int) []any {
		var out []any
		for range n {
			out = append(out, cut, site, site)
		}
		return out
	}
	count := func(q interface {
		QueryRowContext(context.Context, string, ...any) *sql.Row
	}) error {
		return q.QueryRowContext(ctx, `SELECT
  (SELECT count(*) FROM leads WHERE (site, id) IN (`+oldLeads+`)),
  (SELECT count(*) FROM leads l WHERE (site, id) IN (`+oldLeads+`)
     AND EXISTS (SELECT 1 FROM lead_deliveries d WHERE d.lead_id = l.id AND d.state <> 'delivered')),
  (SELECT count(*) FROM lead_deliveries WHERE (site, lead_id) IN (`+oldLeads+`)),
  (SELECT count(*) FROM valuation_records WHERE (site, lead_id) IN (`+oldLeads+`))`, args(4)...).
			Scan(&p.Leads, &p.Undelivered, &p.Deliveries, &p.Valuations)
	}
	if dryRun {
		if err := count(db.read); err != nil {
			return store.LeadPurge{}, fmt.Errorf("sqlite: purge leads: %w", err)
		}
		return p, nil
	}
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		if err := count(tx); err != nil {
			return err
		}
		for _, d := range []struct {
			q string
			n *int
		}{
			{"DELETE FROM valuation_records WHERE (site, lead_id) IN (" + oldLeads + ")", &p.Valuations},
			{"DELETE FROM lead_deliveries WHERE (site, lead_id) IN (" + oldLeads + ")", &p.Deliveries},
			{"DELETE FROM leads WHERE (site, id) IN (" + oldLeads + ")", &p.Leads},
		} {
			res, err := tx.ExecContext(ctx, d.q, args(1)...)
			if err != nil {
				return err
			}
			n, err := res.RowsAffected()
			if err != nil {
				return err
			}
			*d.n = int(n)
		}
		return nil
	})
	if err != nil {
		return store.LeadPurge{}, fmt.Errorf("sqlite: purge leads: %w", err)
	}
	return p, nil
}
