package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
	"forecourt/internal/store/internal/entity"
)

// SubmitLead writes the lead and its deliveries in one transaction. (The
// key lookups repeat the partial index's condition, the key is not empty,
// so the planner can use that index instead of scanning every lead.) Two
// submits with one key race on the unique index: the loser waits for the
// winner's commit, inserts nothing and returns the winner's lead.
func (db *DB) SubmitLead(ctx context.Context, site string, lead catalog.Lead, destinations []string) (catalog.Lead, bool, error) {
	entity.PrepareLead(&lead, time.Now())
	data, err := entity.Marshal(&lead)
	if err != nil {
		return catalog.Lead{}, false, err
	}
	out, created := lead, false
	err = db.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO leads (id, site, idempotency_key, category, email, phone, car_id, created_at, data, location_id, appointment_at, user_phone)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
ON CONFLICT (site, idempotency_key) WHERE idempotency_key <> '' DO NOTHING`,
			lead.ID, site, lead.IdempotencyKey, lead.Category, lead.Email, lead.Phone, lead.CarID, lead.CreatedAt, data,
			lead.LocationID, lead.AppointmentAt, lead.UserPhone)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			out, err = scanLead(tx.QueryRow(ctx, "SELECT "+leadColumns+" FROM leads WHERE site = $1 AND idempotency_key = $2 AND idempotency_key <> ''",
				site, lead.IdempotencyKey))
			return err
		}
		now := time.Now()
		for _, d := range destinations {
			if _, err := tx.Exec(ctx, `INSERT INTO lead_deliveries (site, lead_id, destination, next_attempt_at, created_at)
VALUES ($1, $2, $3, $4, $4)`, site, lead.ID, d, now); err != nil {
				return err
			}
		}
		created = true
		return nil
	})
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" && pgErr.ConstraintName == "leads_site_appointment" {
		// A retry of the submit that holds the slot is that submit, not a clash.
		if lead.IdempotencyKey != "" {
			prev, perr := scanLead(db.pool.QueryRow(ctx, "SELECT "+leadColumns+" FROM leads WHERE site = $1 AND idempotency_key = $2 AND idempotency_key <> ''",
				site, lead.IdempotencyKey))
			if perr == nil {
				return prev, false, nil
			}
		}
		return catalog.Lead{}, false, store.ErrAppointmentTaken
	}
	if err != nil {
		return catalog.Lead{}, false, fmt.Errorf("postgres: submit lead: %w", err)
	}
	return out, created, nil
}

// CarByID returns one of the site's cars.
func (db *DB) CarByID(ctx context.Context, site string, id int64) (catalog.Car, error) {
	var data []byte
	err := db.pool.QueryRow(ctx, "SELECT data FROM cars WHERE site = $1 AND id = $2", site, id).Scan(&data)
	if errors.Is(err, pgx.ErrNoRows) {
		return catalog.Car{}, &catalog.Error{Code: catalog.ENotFound, Message: "Car not found."}
	}
	if err != nil {
		return catalog.Car{}, fmt.Errorf("postgres: car by id: %w", err)
	}
	return decodeCar(id, data)
}

// LeadByID returns one of the site's leads.
func (db *DB) LeadByID(ctx context.Context, site, id string) (catalog.Lead, error) {
	l, err := scanLead(db.pool.QueryRow(ctx, "SELECT "+leadColumns+" FROM leads WHERE site = $1 AND id = $2", site, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return catalog.Lead{}, catalog.Errorf(catalog.ENotFound, "No lead %s.", id)
	}
	if err != nil {
		return catalog.Lead{}, fmt.Errorf("postgres: lead: %w", err)
	}
	return l, nil
}

// BookedAppointments lists booked test-drive slots at a location.
func (db *DB) BookedAppointments(ctx context.Context, site string, locationID int64, from, to time.Time) ([]time.Time, error) {
	rows, err := db.pool.Query(ctx, `SELECT appointment_at FROM leads
WHERE site = $1 AND location_id = $2 AND appointment_at >= $3 AND appointment_at < $4 ORDER BY appointment_at`,
		site, locationID, from, to)
	if err != nil {
		return nil, fmt.Errorf("postgres: appointments: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (time.Time, error) {
		var t time.Time
		err := r.Scan(&t)
		return t.UTC(), err
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: appointments: %w", err)
	}
	return out, nil
}

const deliveryColumns = "id, site, lead_id, destination, state, attempts, next_attempt_at, last_error, created_at, delivered_at"

func scanDelivery(row pgx.Row) (store.Delivery, error) {
	var d store.Delivery
	var delivered *time.Time
	if err := row.Scan(&d.ID, &d.Site, &d.LeadID, &d.Destination, &d.State, &d.Attempts, &d.NextAttemptAt, &d.LastError, &d.CreatedAt, &delivered); err != nil {
		return d, err
	}
	d.NextAttemptAt, d.CreatedAt = d.NextAttemptAt.UTC(), d.CreatedAt.UTC()
	if delivered != nil {
		d.DeliveredAt = delivered.UTC()
	}
	return d, nil
}

// ClaimDeliveries takes due deliveries and leases them to the caller; SKIP
// LOCKED lets several nodes drain one outbox without waiting on each other.
func (db *DB) ClaimDeliveries(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]store.Delivery, error) {
	var out []store.Delivery
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `UPDATE lead_deliveries SET attempts = attempts + 1, next_attempt_at = $1
WHERE id IN (SELECT id FROM lead_deliveries WHERE state = 'pending' AND next_attempt_at <= $2
             ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
RETURNING `+deliveryColumns, now.Add(lease), now, limit)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.Delivery, error) { return scanDelivery(r) })
		if err != nil {
			return err
		}
		for i := range out {
			l, err := scanLead(tx.QueryRow(ctx, "SELECT "+leadColumns+" FROM leads WHERE site = $1 AND id = $2", out[i].Site, out[i].LeadID))
			if err != nil {
				return err
			}
			out[i].Lead = l
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: claim deliveries: %w", err)
	}
	return out, nil
}

// DeliverySucceeded marks a delivery delivered.
func (db *DB) DeliverySucceeded(ctx context.Context, id int64, now time.Time) error {
	if _, err := db.pool.Exec(ctx, "UPDATE lead_deliveries SET state = 'delivered', delivered_at = $1, last_error = '' WHERE id = $2", now, id); err != nil {
		return fmt.Errorf("postgres: delivery succeeded: %w", err)
	}
	return nil
}

// DeliveryFailed records a failed try.
func (db *DB) DeliveryFailed(ctx context.Context, id int64, reason string, retryAt time.Time, dead bool) error {
	state := store.DeliveryPending
	if dead {
		state = store.DeliveryDead
	}
	if _, err := db.pool.Exec(ctx, "UPDATE lead_deliveries SET state = $1, next_attempt_at = $2, last_error = $3 WHERE id = $4 AND state = 'pending'",
		state, retryAt, reason, id); err != nil {
		return fmt.Errorf("postgres: delivery failed: %w", err)
	}
	return nil
}

// RequeueDeadDeliveries gives the site's dead deliveries a fresh start.
func (db *DB) RequeueDeadDeliveries(ctx context.Context, site string, now time.Time) (int, error) {
	tag, err := db.pool.Exec(ctx, "UPDATE lead_deliveries SET state = 'pending', attempts = 0, next_attempt_at = $1 WHERE site = $2 AND state = 'dead'", now, site)
	if err != nil {
		return 0, fmt.Errorf("postgres: requeue: %w", err)
	}
	return int(tag.RowsAffected()), nil
}

// Deliveries lists the site's deliveries.
func (db *DB) Deliveries(ctx context.Context, site string) ([]store.Delivery, error) {
	rows, err := db.pool.Query(ctx, "SELECT "+deliveryColumns+" FROM lead_deliveries WHERE site = $1 ORDER BY id", site)
	if err != nil {
		return nil, fmt.Errorf("postgres: deliveries: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.Delivery, error) { return scanDelivery(r) })
	if err != nil {
		return nil, fmt.Errorf("postgres: deliveries: %w", err)
	}
	return out, nil
}

// oldLeads selects the leads a purge removes: $1 is the cut-off, $2 the
// site or "" for every site.
const oldLeads = "SELECT site, id FROM leads WHERE created_at < $1 AND ($2 = '' OR site = $2)"

// PurgeLeads deletes the leads received before before, with their
// deliveries and valuation records, in one transaction. The counts of a
// purge are the rows its deletes removed; a dry run counts in one
// statement. (A lead received now is never older than the cut-off, so
// leads arriving meanwhile are neither counted nor deleted.)
func (db *DB) PurgeLeads(ctx context.Context, site string, before time.Time, dryRun bool) (store.LeadPurge, error) {
	var p store.LeadPurge
	opts := pgx.TxOptions{}
	if dryRun {
		opts.AccessMode = pgx.ReadOnly
	}
	err := pgx.BeginTxFunc(ctx, db.pool, opts, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT
  (SELECT count(*) FROM leads WHERE (site, id) IN (`+oldLeads+`)),
  (SELECT count(*) FROM leads l WHERE (site, id) IN (`+oldLeads+`)
     AND EXISTS (SELECT 1 FROM lead_deliveries d WHERE d.lead_id = l.id AND d.state <> 'delivered')),
  (SELECT count(*) FROM lead_deliveries WHERE (site, lead_id) IN (`+oldLeads+`)),
  (SELECT count(*) FROM valuation_records WHERE (site, lead_id) IN (`+oldLeads+`))`, before, site).
			Scan(&p.Leads, &p.Undelivered, &p.Deliveries, &p.Valuations)
		if err != nil || dryRun {
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
			tag, err := tx.Exec(ctx, d.q, before, site)
			if err != nil {
				return err
			}
			*d.n = int(tag.RowsAffected())
		}
		return nil
	})
	if err != nil {
		return store.LeadPurge{}, fmt.Errorf("postgres: purge leads: %w", err)
	}
	return p, nil
}
