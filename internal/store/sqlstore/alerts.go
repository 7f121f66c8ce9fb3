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

// changeAlert runs change on the stop link's row in one transaction.
func (s *Store) changeAlert(ctx context.Context, what, site, tokenHash string, change func(tx *sql.Tx, st alertStop) (store.AlertStop, error)) (store.AlertStop, error) {
	var out store.AlertStop
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var st alertStop
		err := s.queryRow(ctx, tx, `SELECT kind, user_id, search_id, resume FROM alert_stops WHERE token_hash = ? AND site = ?`, tokenHash, site).
			Scan(&st.kind, &st.userID, &st.searchID, &st.resume)
		if errors.Is(err, sql.ErrNoRows) {
			return catalog.Errorf(catalog.ENotFound, store.MsgNoSuchAlert)
		}
		if err != nil {
			return err
		}
		out, err = change(tx, st)
		return err
	})
	if catalog.ErrorCode(err) == catalog.ENotFound {
		return store.AlertStop{}, err
	}
	if err != nil {
		return store.AlertStop{}, s.errorf(what, err)
	}
	return out, nil
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

func (s *Store) StopAlert(ctx context.Context, site, tokenHash string) (store.AlertStop, error) {
	return s.changeAlert(ctx, "stop alert", site, tokenHash, func(tx *sql.Tx, st alertStop) (store.AlertStop, error) {
		if st.kind == store.KindPriceDrop {
			return store.AlertStop{Kind: st.kind}, s.setPriceDrops(ctx, tx, site, st.userID, false)
		}
		out, err := s.searchOfStop(ctx, tx, site, st)
		if err != nil || out.Alert == store.AlertOff {
			out.Alert = store.AlertOff
			return out, err
		}
		// The setting it had is what resuming gives back.
		if _, err := s.exec(ctx, tx, `UPDATE alert_stops SET resume = ? WHERE token_hash = ?`, out.Alert, tokenHash); err != nil {
			return out, err
		}
		out.Alert = store.AlertOff
		_, err = s.exec(ctx, tx, `UPDATE saved_searches SET alert = 'off' WHERE site = ? AND id = ?`, site, st.searchID)
		return out, err
	})
}

func (s *Store) ResumeAlert(ctx context.Context, site, tokenHash string, at time.Time) (store.AlertStop, error) {
	return s.changeAlert(ctx, "resume alert", site, tokenHash, func(tx *sql.Tx, st alertStop) (store.AlertStop, error) {
		if st.kind == store.KindPriceDrop {
			return store.AlertStop{Kind: st.kind, On: true}, s.setPriceDrops(ctx, tx, site, st.userID, true)
		}
		out, err := s.searchOfStop(ctx, tx, site, st)
		if err != nil || out.Alert != store.AlertOff {
			out.On = err == nil
			return out, err
		}
		out.Alert, out.On = st.resume, true
		if out.Alert == "" || out.Alert == store.AlertOff {
			out.Alert = store.AlertDaily
		}
		_, err = s.setSearchAlert(ctx, tx, site, st.searchID, out.Alert, at, "user_id = ?", st.userID)
		return out, err
	})
}
