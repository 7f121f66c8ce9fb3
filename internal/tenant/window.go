package tenant

import (
	"strconv"
	"time"
)

// Dated gives a recurring window (an offer's or a promo card's Every) the
// dates of its run that today (YYYY-MM-DD) falls in, or the next one: a
// monthly run is the calendar month, a yearly one lies between its MM-DD
// start and expiry and may span New Year. A window that does not recur
// keeps its own dates.
func Dated(every, start, expiry, today string) (from, to string) {
	if len(today) != 10 {
		return start, expiry
	}
	year, err := strconv.Atoi(today[:4])
	if err != nil {
		return start, expiry
	}
	md := today[5:]
	switch every {
	case "month":
		first, err := time.Parse(time.DateOnly, today[:8]+"01")
		if err != nil {
			return start, expiry
		}
		return first.Format(time.DateOnly), first.AddDate(0, 1, -1).Format(time.DateOnly)
	case "year":
		y := strconv.Itoa
		if start <= expiry {
			if md > expiry {
				year++
			}
			return y(year) + "-" + start, y(year) + "-" + expiry
		}
		// Over New Year: the run ending this year, or the one starting now.
		if md <= expiry {
			return y(year-1) + "-" + start, y(year) + "-" + expiry
		}
		return y(year) + "-" + start, y(year+1) + "-" + expiry
	}
	return start, expiry
}

// ShownOn reports whether the promo card shows on today (YYYY-MM-DD, the
// date at the site): within its window, or its current run if it recurs.
func (c PromoCard) ShownOn(today string) bool {
	from, to := Dated(c.Every, c.Start, c.Expiry, today)
	return (from == "" || today >= from) && (to == "" || today <= to)
}
