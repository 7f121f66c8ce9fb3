package alerts

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"time"

	"forecourt/internal/accounts"
	"forecourt/internal/catalog"
	"forecourt/internal/listing"
	"forecourt/internal/store"
	"forecourt/internal/tenant"
)

// Store is what the worker reads and claims; store.Store has it.
type Store interface {
	store.AlertStore
	CarByID(ctx context.Context, site string, id int64) (catalog.Car, error)
}

// Worker finds the alerts due, claims each (so that, of every node
// running one over the same database, one sends it) and sends it. It
// looks after every stock change (Wake) and every Every, which sends what
// the quiet hours or the hourly gap held, and the dailies at 9 am.
type Worker struct {
	Store Store
	Sites listing.Sites
	// Stock reads a site's stock as it is now (listing.Service.FreshStock).
	Stock  func(ctx context.Context, site *tenant.Site) (*listing.Stock, error)
	Sender accounts.TextSender
	Rules  Rules
	Now    func() time.Time // nil: time.Now
	Logger *slog.Logger
	// Every is how often the worker looks without being woken; zero is a
	// minute.
	Every time.Duration

	wake chan struct{}
}

// NewWorker returns a worker ready to Run.
func NewWorker(w Worker) *Worker {
	w.wake = make(chan struct{}, 1)
	if w.Logger == nil {
		w.Logger = slog.New(slog.DiscardHandler)
	}
	return &w
}

// Wake has the worker look again soon; it never blocks (listing's
// OnStockChanged calls it with the site that changed).
func (w *Worker) Wake(string) {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Run looks for alerts until ctx ends.
func (w *Worker) Run(ctx context.Context) {
	t := time.NewTicker(cmp.Or(w.Every, time.Minute))
	defer t.Stop()
	for {
		w.Pass(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-w.wake:
		}
	}
}

func (w *Worker) now() time.Time {
	if w.Now == nil {
		return time.Now()
	}
	return w.Now()
}

// Pass sends every alert due now on every site; a site that fails is
// logged and left for the next pass.
func (w *Worker) Pass(ctx context.Context) {
	for _, site := range w.Sites.Sites() {
		if ctx.Err() != nil {
			return
		}
		loc, err := site.Location()
		if err != nil {
			loc = time.UTC
		}
		if err := w.newMatches(ctx, site, loc); err != nil {
			w.Logger.Error("alerts: new matches", "site", site.Slug, "err", err)
		}
		if err := w.priceDrops(ctx, site, loc); err != nil {
			w.Logger.Error("alerts: price drops", "site", site.Slug, "err", err)
		}
	}
}

// newMatches sends the site's saved searches' alerts that are due and
// have new matches.
func (w *Worker) newMatches(ctx context.Context, site *tenant.Site, loc *time.Location) error {
	searches, err := w.Store.AlertingSearches(ctx, site.Slug)
	if err != nil || len(searches) == 0 {
		return err
	}
	st, err := w.Stock(ctx, site)
	if err != nil {
		return err
	}
	now := w.now()
	for _, ss := range searches {
		// News is what was listed since the last alert and since the buyer
		// last looked.
		since := ss.AlertedThrough
		if ss.LastSeenAt.After(since) {
			since = ss.LastSeenAt
		}
		var key string
		switch ss.Alert {
		case store.AlertInstant:
			if !w.Rules.InstantDue(now, ss.AlertedAt, loc) {
				continue
			}
			// Every node that reads the search as it is now makes this key.
			key = fmt.Sprintf("new_matches:%d:%d", ss.ID, since.UnixMicro())
		case store.AlertDaily:
			day, due := w.Rules.DailyDue(now, ss.AlertedAt, loc)
			if !due {
				continue
			}
			key = fmt.Sprintf("daily:%d:%s", ss.ID, day)
		default:
			continue
		}
		n, newest := st.NewMatchesSince(ss.Path, ss.Query, since)
		if n == 0 {
			continue
		}
		token, hash := NewStopToken()
		w.send(ctx, site, ss.Phone, store.AlertClaim{Kind: store.KindNewMatches, Key: key, At: now,
			UserID: ss.UserID, SearchID: ss.ID, Through: newest, StopHash: hash},
			NewMatchesText(site.Name, Origin(site), ss.Name, ss.Path, ss.Query, n, token))
	}
	return nil
}

// priceDrops sends one message per fall in price of a watched car, held
// through the quiet hours.
func (w *Worker) priceDrops(ctx context.Context, site *tenant.Site, loc *time.Location) error {
	now := w.now()
	if w.Rules.Quiet(now, loc) {
		return nil
	}
	drops, err := w.Store.PriceDrops(ctx, site.Slug)
	if err != nil {
		return err
	}
	for _, d := range drops {
		car, err := w.Store.CarByID(ctx, site.Slug, d.CarID)
		if err != nil {
			return err
		}
		token, hash := NewStopToken()
		w.send(ctx, site, d.Phone, store.AlertClaim{Kind: store.KindPriceDrop, Key: fmt.Sprintf("price_drop:%d:%d", d.UserID, d.ChangeID),
			At: now, UserID: d.UserID, ChangeID: d.ChangeID, StopHash: hash},
			PriceDropText(site.Name, Origin(site), car, d.Price, d.Was, token))
	}
	return nil
}

// send claims the alert and, when this worker won it, sends the text. A
// send that fails is logged; the alert is not sent again.
func (w *Worker) send(ctx context.Context, site *tenant.Site, phone string, c store.AlertClaim, text string) {
	ok, err := w.Store.ClaimAlert(ctx, site.Slug, c)
	if err != nil {
		w.Logger.Error("alerts: claim", "site", site.Slug, "kind", c.Kind, "err", err)
		return
	}
	if !ok {
		return
	}
	if err := w.Sender.SendText(ctx, accounts.Text{Site: site.Slug, Kind: c.Kind, Phone: phone, Body: text}); err != nil {
		w.Logger.Error("alerts: send", "site", site.Slug, "kind", c.Kind, "phone", accounts.Masked(phone), "err", err)
	}
}
