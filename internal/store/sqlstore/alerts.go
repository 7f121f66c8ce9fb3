package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
)

// latestPriceChange is the id of the newest price change of any site:
// turning price-drop alerts on counts changes from there.
const latestPriceChange = "(SELECT COALESCE(max(id), 0) FROM car_price_changes)"

// setSearchAlert sets the alert of the site's search id whose owner
// matches owner (a condition on user_id with its args). Turning it on from
// off counts news from at, so nothing listed while it was off is sent.
func (s *Store) setSearchAlert(ctx context.Context, db querier, site string, id int64, alert string, at time.Time, owner string, ownerArgs ...any) (int, error) {
	args := append([]any{alert, s.at(at), site, id}, ownerArgs...)
	return affected(s.exec(ctx, db, `UPDATE saved_searches SET alert = ?,
	alerted_through = CASE WHEN alert = 'off' THEN ? ELSE alerted_through END
WHERE site = ? AND id = ? AND `+owner, args...))
}

const ownedByPhone = "user_id IN (SELECT id FROM users WHERE site = ? AND phone = ?)"

func (s *Store) SetSavedSearchAlert(ctx context.Context, site, phone string, id int64, alert string, at time.Time) error {
	n, err := s.setSearchAlert(ctx, s.write, site, id, alert, at, ownedByPhone, site, phone)
	return s.savedSearchResult("set saved search alert", n, err)
}

func (s *Store) PriceDropAlerts(ctx context.Context, site, phone string) (bool, error) {
	var off bool
	err := s.queryRow(ctx, s.read, `SELECT price_drops_off FROM users WHERE site = ? AND phone = ?`, site, phone).Scan(&off)
	if errors.Is(err, sql.ErrNoRows) {
		return true, nil
	}
	if err != nil {
		return false, s.errorf("price-drop alerts", err)
	}
	return !off, nil
}

// setPriceDrops turns a user's price-drop alerts on or off; on from off
// counts changes from the newest one.
func (s *Store) setPriceDrops(ctx context.Context, db querier, site string, userID int64, on bool) error {
	_, err := s.exec(ctx, db, `UPDATE users SET
	price_drops_through = CASE WHEN price_drops_off THEN `+latestPriceChange+` ELSE price_drops_through END,
	price_drops_off = ?
WHERE site = ? AND id = ?`, !on, site, userID)
	return err
}

func (s *Store) SetPriceDropAlerts(ctx context.Context, site, phone string, on bool, at time.Time) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		uid, err := s.userID(ctx, tx, site, phone, at)
		if err != nil {
			return err
		}
		return s.setPriceDrops(ctx, tx, site, uid, on)
	})
	if err != nil {
		return s.errorf("set price-drop alerts", err)
	}
	return nil
}

func (s *Store) AlertingSearches(ctx context.Context, site string) ([]store.AlertingSearch, error) {
	rows, err := s.query(ctx, s.read, `SELECT `+savedSearchColumns+`, u.id, u.phone FROM saved_searches s JOIN users u ON u.id = s.user_id
WHERE s.site = ? AND u.site = ? AND s.alert <> 'off' ORDER BY s.id`, site, site)
	out, err := collect(rows, err, func(r *sql.Rows) (store.AlertingSearch, error) {
		var a store.AlertingSearch
		err := r.Scan(append(savedSearchDest(&a.SavedSearch), &a.UserID, &a.Phone)...)
		return a, err
	})
	if err != nil {
		return nil, s.errorf("alerting searches", err)
	}
	return out, nil
}

func (s *Store) PriceDrops(ctx context.Context, site string) ([]store.PriceDrop, error) {
	rows, err := s.query(ctx, s.read, `SELECT user_id, phone, car_id, change_id, price, was, changed_at FROM (
  SELECT u.id AS user_id, u.phone, w.car_id, c.id AS change_id, c.price, c.changed_at,
    (SELECT p.price FROM car_price_changes p WHERE p.site = c.site AND p.car_id = c.car_id AND p.id < c.id
     ORDER BY p.id DESC LIMIT 1) AS was
  FROM watchlist w
  JOIN users u ON u.id = w.user_id
  JOIN car_price_changes c ON c.site = w.site AND c.car_id = w.car_id
  WHERE w.site = ? AND u.site = ? AND NOT u.price_drops_off AND c.id > u.price_drops_through AND c.changed_at > w.created_at
) d WHERE was > price ORDER BY change_id, user_id`, site, site)
	out, err := collect(rows, err, func(r *sql.Rows) (store.PriceDrop, error) {
		var d store.PriceDrop
		err := r.Scan(&d.UserID, &d.Phone, &d.CarID, &d.ChangeID, &d.Price, &d.Was, timeCol{&d.ChangedAt})
		return d, err
	})
	if err != nil {
		return nil, s.errorf("price drops", err)
	}
	return out, nil
}

func (s *Store) ClaimAlert(ctx context.Context, site string, c store.AlertClaim) (bool, error) {
	claimed := false
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		// Two nodes claiming one key race on the primary key: the loser
		// waits for the winner's commit and inserts nothing.
		n, err := affected(s.exec(ctx, tx, `INSERT INTO sent_alerts (site, claim_key, kind, sent_at) VALUES (?, ?, ?, ?)
ON CONFLICT (site, claim_key) DO NOTHING`, site, c.Key, c.Kind, s.at(c.At)))
		if err != nil || n == 0 {
			return err
		}
		if c.SearchID != 0 {
			if _, err := s.exec(ctx, tx, `UPDATE saved_searches SET alerted_at = ?, alerted_through = ? WHERE site = ? AND id = ?`,
				s.at(c.At), s.optional(c.Through), site, c.SearchID); err != nil {
				return err
			}
		}
		if c.ChangeID != 0 {
			if _, err := s.exec(ctx, tx, `UPDATE users SET price_drops_through = ? WHERE site = ? AND id = ? AND price_drops_through < ?`,
				c.ChangeID, site, c.UserID, c.ChangeID); err != nil {
				return err
			}
		}
		if _, err := s.exec(ctx, tx, `INSERT INTO alert_stops (token_hash, site, kind, user_id, search_id, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
			c.StopHash, site, c.Kind, c.UserID, c.SearchID, s.at(c.At)); err != nil {
			return err
		}
		claimed = true
		return nil
	})
	if err != nil {
		return false, s.errorf("claim alert", err)
	}
	return claimed, nil
}

// alertStop is a stop link's row.
type alertStop struct {
	kind     string
	userID   int64
	searchID int64
	resume   string
}

// searchOfStop reads the stop link's search; gone is not_found.
func (s *Store) searchOfStop(ctx context.Context, tx *sql.Tx, site string, st alertStop) (store.AlertStop, error) {
	out := store.AlertStop{Kind: st.kind, SearchID: st.searchID}
	err := s.queryRow(ctx, tx, `SELECT name, alert FROM saved_searches WHERE site = ? AND id = ? AND user_id = ?`, site, st.searchID, st.userID).
		Scan(&out.Name, &out.Alert)
	if errors.Is(err, sql.ErrNoRows) {
		return out, catalog.Errorf(catalog.ENotFound, store.MsgNoSuchAlert)
	}
	return out, err
}

// StopAlert turns the stop link's alert off, once and within StopLinkTTL
// (docs/behaviour/http.md#alert-stop-links).
func (s *Store) StopAlert(ctx context.Context, site, tokenHash string, now time.Time) (store.AlertStop, error) {
	var out store.AlertStop
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var st alertStop
		var spent bool
		err := s.queryRow(ctx, tx, `SELECT kind, user_id, search_id, resume, spent FROM alert_stops
WHERE token_hash = ? AND site = ? AND created_at > ?`, tokenHash, site, s.at(now.Add(-store.StopLinkTTL))).
			Scan(&st.kind, &st.userID, &st.searchID, &st.resume, &spent)
		if errors.Is(err, sql.ErrNoRows) {
			return catalog.Errorf(catalog.ENotFound, store.MsgNoSuchAlert)
		}
		if err != nil {
			return err
		}
		if spent {
			out, err = s.alertNow(ctx, tx, site, st)
			out.Spent = true
			return err
		}
		if _, err := s.exec(ctx, tx, `UPDATE alert_stops SET spent = ? WHERE token_hash = ?`, true, tokenHash); err != nil {
			return err
		}
		if st.kind == store.KindPriceDrop {
			out = store.AlertStop{Kind: st.kind}
			return s.setPriceDrops(ctx, tx, site, st.userID, false)
		}
		out, err = s.searchOfStop(ctx, tx, site, st)
		if err != nil || out.Alert == store.AlertOff {
			out.Alert = store.AlertOff
			return err
		}
		// The setting it had, kept for the record.
		if _, err := s.exec(ctx, tx, `UPDATE alert_stops SET resume = ? WHERE token_hash = ?`, out.Alert, tokenHash); err != nil {
			return err
		}
		out.Alert = store.AlertOff
		_, err = s.exec(ctx, tx, `UPDATE saved_searches SET alert = 'off' WHERE site = ? AND id = ?`, site, st.searchID)
		return err
	})
	if catalog.ErrorCode(err) == catalog.ENotFound {
		return store.AlertStop{}, err
	}
	if err != nil {
		return store.AlertStop{}, s.errorf("stop alert", err)
	}
	return out, nil
}

// alertNow is how a spent stop link's alert is now: off, or turned back
// on since by its owner, signed in.
func (s *Store) alertNow(ctx context.Context, tx *sql.Tx, site string, st alertStop) (store.AlertStop, error) {
	if st.kind == store.KindPriceDrop {
		var off bool
		err := s.queryRow(ctx, tx, `SELECT price_drops_off FROM users WHERE site = ? AND id = ?`, site, st.userID).Scan(&off)
		if errors.Is(err, sql.ErrNoRows) {
			return store.AlertStop{}, catalog.Errorf(catalog.ENotFound, store.MsgNoSuchAlert)
		}
		return store.AlertStop{Kind: st.kind, On: !off}, err
	}
	out, err := s.searchOfStop(ctx, tx, site, st)
	out.On = err == nil && out.Alert != store.AlertOff
	return out, err
}
