package postgres

import (
	"context"
	"sync"
	"time"
)

// StockChannel is the LISTEN/NOTIFY channel on which a commit of cars names
// its site.
const StockChannel = "forecourt_stock"

// WatchStock calls changed with the site of every committed car save, from
// this node or any other, until ctx ends. It calls watching once, when the
// first LISTEN is in place: every save committed after that is heard. A
// lost connection is re-made after a pause; changes missed meanwhile are
// reported by calling changed("") once reconnected, meaning "refresh every
// site".
func (db *DB) WatchStock(ctx context.Context, changed func(site string), watching func()) error {
	first := true
	listening := sync.OnceFunc(watching)
	for ctx.Err() == nil {
		err := db.listen(ctx, changed, listening, !first)
		first = false
		if ctx.Err() != nil {
			return nil
		}
		_ = err
		select {
		case <-ctx.Done():
		case <-time.After(2 * time.Second):
		}
	}
	return nil
}

func (db *DB) listen(ctx context.Context, changed func(string), listening func(), catchUp bool) error {
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "LISTEN "+StockChannel); err != nil {
		return err
	}
	listening()
	if catchUp {
		changed("")
	}
	for {
		n, err := conn.Conn().WaitForNotification(ctx)
		if err != nil {
			// The connection may be mid-wait; don't hand it back to the pool.
			conn.Hijack().Close(context.Background())
			return err
		}
		changed(n.Payload)
	}
}
