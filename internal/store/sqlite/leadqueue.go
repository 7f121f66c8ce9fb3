package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

// maxLeadBatch bounds one group commit.
const maxLeadBatch = 64

// leadSubmit is one submitted lead's write waiting for its group commit.
// Leads submitted at the same moment share one commit: SQLite has one
// writer, and a commit each would make 200 buyers queue behind 200 disk
// writes. Each lead has its own savepoint, so one refused lead never takes
// another down, and the submit returns only after the commit.
type leadSubmit struct {
	write func(ctx context.Context, tx *sql.Tx) error
	err   error
	done  chan struct{}
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

func (q *leadQueue) start(db *sql.DB) {
	q.once.Do(func() {
		q.reqs = make(chan *leadSubmit)
		q.stop = make(chan struct{})
		q.stopped = make(chan struct{})
		go q.run(db)
	})
}

// submit hands write to the writer and returns its outcome once its batch
// has committed (or failed).
func (q *leadQueue) submit(ctx context.Context, db *sql.DB, write func(context.Context, *sql.Tx) error) error {
	q.start(db)
	if q.reqs == nil {
		return errClosed // closed before any lead was submitted
	}
	r := &leadSubmit{write: write, done: make(chan struct{})}
	select {
	case q.reqs <- r:
	case <-q.stop:
		return errClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	<-r.done // once queued, the outcome is always waited for: it may have committed
	return r.err
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

func (q *leadQueue) run(db *sql.DB) {
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
		commitLeads(db, batch)
		for _, r := range batch {
			close(r.done)
		}
	}
}

// commitLeads writes a batch in one transaction, each lead inside its own
// savepoint. If the commit fails, no lead of the batch is reported stored.
func commitLeads(db *sql.DB, batch []*leadSubmit) {
	fail := func(err error) {
		for _, r := range batch {
			r.err = err
		}
	}
	ctx := context.Background()
	tx, err := db.BeginTx(ctx, nil)
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
		r.err = r.write(ctx, tx)
		if r.err != nil {
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
