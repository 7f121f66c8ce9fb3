package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
)

// appointmentIndex refuses a second lead for one test-drive slot.
const appointmentIndex = "leads_site_appointment"

// SubmitLead writes the lead and its deliveries in one transaction, or
// through the dialect's group commit. Two submits with one key race on the
// unique index: the loser waits for the winner's commit, inserts nothing
// and returns the winner's lead.
func (s *Store) SubmitLead(ctx context.Context, site string, lead catalog.Lead, destinations []string) (catalog.Lead, bool, error) {
	prepareLead(&lead, time.Now())
	data, err := encodeLead(lead)
	if err != nil {
		return catalog.Lead{}, false, err
	}
	var out catalog.Lead
	var created bool
	write := func(ctx context.Context, tx *sql.Tx) error {
		var err error
		out, created, err = s.writeLead(ctx, tx, site, lead, string(data), destinations)
		return err
	}
	if s.d.GroupCommit != nil {
		err = s.d.GroupCommit(ctx, write)
	} else {
		err = s.inTx(ctx, func(tx *sql.Tx) error { return write(ctx, tx) })
	}
	if errors.Is(err, store.ErrAppointmentTaken) {
		// A retry of the submit that holds the slot is that submit, not a clash.
		if lead.IdempotencyKey != "" {
			if prev, err := s.leadByKey(ctx, s.read, site, lead.IdempotencyKey); err == nil {
				return prev, false, nil
			}
		}
		return catalog.Lead{}, false, store.ErrAppointmentTaken
	}
	if err != nil {
		return catalog.Lead{}, false, s.errorf("submit lead", err)
	}
	return out, created, nil
}

// leadByKey finds the site's lead with that idempotency key. (It repeats the
// partial index's condition, the key is not empty, so the planner uses that
// index instead of scanning every lead.)
func (s *Store) leadByKey(ctx context.Context, db querier, site, key string) (catalog.Lead, error) {
	return scanLead(s.queryRow(ctx, db, "SELECT "+leadColumns+" FROM leads WHERE site = ? AND idempotency_key = ? AND idempotency_key <> ''",
		site, key))
}

// writeLead inserts the lead and its deliveries in tx; a lead whose key is
// already stored is not written again and the stored lead comes back.
func (s *Store) writeLead(ctx context.Context, tx *sql.Tx, site string, lead catalog.Lead, data string, destinations []string) (catalog.Lead, bool, error) {
	appointment := s.d.NoTime
	if lead.AppointmentAt != nil {
		appointment = s.at(*lead.AppointmentAt)
	}
	n, err := affected(s.exec(ctx, tx, `INSERT INTO leads (id, site, idempotency_key, category, email, phone, car_id, created_at, data, location_id, appointment_at, user_phone)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (site, idempotency_key) WHERE idempotency_key <> '' DO NOTHING`,
		lead.ID, site, lead.IdempotencyKey, lead.Category, lead.Email, lead.Phone, lead.CarID, s.at(lead.CreatedAt), data,
		lead.LocationID, appointment, lead.UserPhone))
	if index, ok := s.d.UniqueViolation(err); ok && (index == "" || index == appointmentIndex) {
		return catalog.Lead{}, false, store.ErrAppointmentTaken
	}
	if err != nil {
		return catalog.Lead{}, false, err
	}
	if n == 0 {
		prev, err := s.leadByKey(ctx, tx, site, lead.IdempotencyKey)
		return prev, false, err
	}
	now := s.at(time.Now())
	for _, d := range destinations {
		if _, err := s.exec(ctx, tx, `INSERT INTO lead_deliveries (site, lead_id, destination, next_attempt_at, created_at)
VALUES (?, ?, ?, ?, ?)`, site, lead.ID, d, now, now); err != nil {
			return catalog.Lead{}, false, err
		}
	}
	return lead, true, nil
}

// CarByID returns one of the site's cars.
func (s *Store) CarByID(ctx context.Context, site string, id int64) (catalog.Car, error) {
	return s.car(ctx, site, "id", id)
}

// LeadByID returns one of the site's leads.
func (s *Store) LeadByID(ctx context.Context, site, id string) (catalog.Lead, error) {
	l, err := scanLead(s.queryRow(ctx, s.read, "SELECT "+leadColumns+" FROM leads WHERE site = ? AND id = ?", site, id))
	if errors.Is(err, sql.ErrNoRows) {
		return catalog.Lead{}, catalog.Errorf(catalog.ENotFound, "No lead %s.", id)
	}
	if err != nil {
		return catalog.Lead{}, s.errorf("lead", err)
	}
	return l, nil
}

// BookedAppointments lists booked test-drive slots at a location.
func (s *Store) BookedAppointments(ctx context.Context, site string, locationID int64, from, to time.Time) ([]time.Time, error) {
	rows, err := s.query(ctx, s.read, `SELECT appointment_at FROM leads
WHERE site = ? AND location_id = ? AND appointment_at >= ? AND appointment_at < ? ORDER BY appointment_at`,
		site, locationID, s.at(from), s.at(to))
	out, err := collect(rows, err, func(r *sql.Rows) (time.Time, error) {
		var t time.Time
		err := r.Scan(timeCol{&t})
		return t, err
	})
	if err != nil {
		return nil, s.errorf("appointments", err)
	}
	return out, nil
}

const deliveryColumns = "id, site, lead_id, destination, state, attempts, next_attempt_at, last_error, created_at, delivered_at"

func scanDelivery(row *sql.Rows) (store.Delivery, error) {
	var d store.Delivery
	err := row.Scan(&d.ID, &d.Site, &d.LeadID, &d.Destination, &d.State, &d.Attempts, timeCol{&d.NextAttemptAt},
		&d.LastError, timeCol{&d.CreatedAt}, timeCol{&d.DeliveredAt})
	return d, err
}

// ClaimDeliveries takes due deliveries and leases them to the caller.
func (s *Store) ClaimDeliveries(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]store.Delivery, error) {
	var out []store.Delivery
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		rows, err := s.query(ctx, tx, `UPDATE lead_deliveries SET attempts = attempts + 1, next_attempt_at = ?
WHERE id IN (SELECT id FROM lead_deliveries WHERE state = 'pending' AND next_attempt_at <= ?
             ORDER BY next_attempt_at, id LIMIT ?`+s.d.ClaimLock+`)
RETURNING `+deliveryColumns, s.at(now.Add(lease)), s.at(now), limit)
		out, err = collect(rows, err, scanDelivery)
		if err != nil {
			return err
		}
		for i := range out {
			l, err := scanLead(s.queryRow(ctx, tx, "SELECT "+leadColumns+" FROM leads WHERE site = ? AND id = ?", out[i].Site, out[i].LeadID))
			if err != nil {
				return err
			}
			out[i].Lead = l
		}
		return nil
	})
	if err != nil {
		return nil, s.errorf("claim deliveries", err)
	}
	return out, nil
}

// DeliverySucceeded marks a delivery delivered.
func (s *Store) DeliverySucceeded(ctx context.Context, id int64, now time.Time) error {
	_, err := s.exec(ctx, s.write, "UPDATE lead_deliveries SET state = 'delivered', delivered_at = ?, last_error = '' WHERE id = ?", s.at(now), id)
	if err != nil {
		return s.errorf("delivery succeeded", err)
	}
	return nil
}

// DeliveryFailed records a failed try.
func (s *Store) DeliveryFailed(ctx context.Context, id int64, reason string, retryAt time.Time, dead bool) error {
	state := store.DeliveryPending
	if dead {
		state = store.DeliveryDead
	}
	_, err := s.exec(ctx, s.write, "UPDATE lead_deliveries SET state = ?, next_attempt_at = ?, last_error = ? WHERE id = ? AND state = 'pending'",
		state, s.at(retryAt), reason, id)
	if err != nil {
		return s.errorf("delivery failed", err)
	}
	return nil
}

// RequeueDeadDeliveries gives the site's dead deliveries a fresh start.
func (s *Store) RequeueDeadDeliveries(ctx context.Context, site string, now time.Time) (int, error) {
	n, err := affected(s.exec(ctx, s.write, "UPDATE lead_deliveries SET state = 'pending', attempts = 0, next_attempt_at = ? WHERE site = ? AND state = 'dead'",
		s.at(now), site))
	if err != nil {
		return 0, s.errorf("requeue", err)
	}
	return n, nil
}

// Deliveries lists the site's deliveries.
func (s *Store) Deliveries(ctx context.Context, site string) ([]store.Delivery, error) {
	rows, err := s.query(ctx, s.read, "SELECT "+deliveryColumns+" FROM lead_deliveries WHERE site = ? ORDER BY id", site)
	out, err := collect(rows, err, scanDelivery)
	if err != nil {
		return nil, s.errorf("deliveries", err)
	}
	return out, nil
}

// oldLeads selects the leads a purge removes; each use takes the cut-off
// and the site twice ("" for every site).
const oldLeads = "SELECT site, id FROM leads WHERE created_at < ? AND (? = '' OR site = ?)"

// PurgeLeads deletes the leads received before before, with their
// deliveries and valuation records, in one transaction. The counts of a
// purge are the rows its deletes removed; a dry run counts in one
// statement on a reader. (A lead received now is never older than the
// cut-off, so leads arriving meanwhile are neither counted nor deleted.)
func (s *Store) PurgeLeads(ctx context.Context, site string, before time.Time, dryRun bool) (store.LeadPurge, error) {
	var p store.LeadPurge
	cut := s.at(before)
	args := func(n int) []any {
		var out []any
		for range n {
			out = append(out, cut, site, site)
		}
		return out
	}
	count := func(db querier) error {
		return s.queryRow(ctx, db, `SELECT
  (SELECT count(*) FROM leads WHERE (site, id) IN (`+oldLeads+`)),
  (SELECT count(*) FROM leads l WHERE (site, id) IN (`+oldLeads+`)
     AND EXISTS (SELECT 1 FROM lead_deliveries d WHERE d.lead_id = l.id AND d.state <> 'delivered')),
  (SELECT count(*) FROM lead_deliveries WHERE (site, lead_id) IN (`+oldLeads+`)),
  (SELECT count(*) FROM valuation_records WHERE (site, lead_id) IN (`+oldLeads+`))`, args(4)...).
			Scan(&p.Leads, &p.Undelivered, &p.Deliveries, &p.Valuations)
	}
	if dryRun {
		if err := count(s.read); err != nil {
			return store.LeadPurge{}, s.errorf("purge leads", err)
		}
		return p, nil
	}
	err := s.inTx(ctx, func(tx *sql.Tx) error {
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
			n, err := affected(s.exec(ctx, tx, d.q, args(1)...))
			if err != nil {
				return err
			}
			*d.n = n
		}
		return nil
	})
	if err != nil {
		return store.LeadPurge{}, s.errorf("purge leads", err)
	}
	return p, nil
}
