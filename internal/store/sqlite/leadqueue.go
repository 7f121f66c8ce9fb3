package sqlite

import (
	"context"
	"errors"
	"sync"

	"forecourt/internal/catalog"
)

// maxLeadBatch bounds one group commit.
const maxLeadBatch = 64

// leadSubmit is one SubmitLead waiting for its group commit.
type leadSubmit struct {
	site         string
	lead         catalog.Lead
	data         []byte
	appointment  string
	destinations []string

	out     catalog.Lead
	created bool
	err     error
	done    chan struct{}
}

// leadQueue hands submitted leads to one writer goroutine, which commits
// whoever is waiting together. The channel is unbuffered: a send succeeds
// only when the writer takes the lead, so nothing is left behind on Close.
type leadQueue struct {
	once    sync.Once
	reqs    chan *leadSubmit
	stop    chan struct{}
	stopped chan struct{}
}

var errClosed = errors.New("sqlite: store is closed")

func (q *leadQueue) start(db *DB) {
	q.once.Do(func() {
		q.reqs = make(chan *leadSubmit)
		q.stop = make(chan struct{})
		q.stopped = make(chan struct{})
		go q.run(db)
	})
}

func (q *leadQueue) submit(ctx context.Context, db *DB, r *leadSubmit) error {
	q.start(db)
	if q.reqs == nil {
		return errClosed // closed before any lead was submitted
	}
	select {
	case q.reqs <- r:
		return nil
	case <-q.stop:
		return errClosed
	case <-ctx.Done():
		return ctx.Err()
	}
}

// close stops the writer after the batch in hand; it is safe to call on a
// queue that never started.
func (q *leadQueue) close() {
	q.once.Do(func() {}) // a queue never started stays stopped
	if q.stop == nil {
		return
	}
	close(q.stop)
	<-q.stopped
}

func (q *leadQueue) run(db *DB) {
	defer close(q.stopped)
	for {
		var batch []*leadSubmit
		select {
		case r := <-q.reqs:
			batch = append(batch, r)
		case <-q.stop:
			return
		}
	gather:
		for len(batch) < maxLeadBatch {
			select {
			case r := <-q.reqs:
				batch = append(batch, r)
			default:
				break gather
			}
		}
		db.commitLeads(batch)
		for _, r := range batch {
			close(r.done)
		}
	}
}

// commitLeads writes a batch in one transaction, each lead inside its own
// savepoint. If the commit fails, no lead of the batch is reported stored.
func (db *DB) commitLeads(batch []*leadSubmit) {
	fail := func(err error) {
		for _, r := range batch {
			r.err, r.created = err, false
		}
	}
	ctx := context.Background()
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		fail(err)
		return
	}
	for _, r := range batch {
		if _, err := tx.ExecContext(ctx, "SAVEPOINT lead"); err != nil {
			tx.Rollback()
			fail(err)
			return
		}
		r.err = writeLead(tx, r)
		if r.err != nil {
			r.created = false
			if _, err := tx.ExecContext(ctx, "ROLLBACK TO lead"); err != nil {
				tx.Rollback()
				fail(err)
				return
			}
		}
		if _, err := tx.ExecContext(ctx, "RELEASE lead"); err != nil {
			tx.Rollback()
			fail(err)
			return
		}
	}
	if err := tx.Commit(); err != nil {
		fail(err)
	}
}
