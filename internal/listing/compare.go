package listing

import (
	"strconv"
	"strings"

	"forecourt/internal/catalog"
)

// MaxCompareIDs bounds GET /api/cars?ids=: the compare list holds 4 cars
// (docs/behaviour/states.md#favourites-compare); a shared link may carry a
// few more, and nothing longer is read.
const MaxCompareIDs = 8

const msgCompareIDs = "ids must be up to 8 car ids separated by commas, like 12,34,56."

// ParseCompareIDs reads the compare page's "1,2,3": positive whole
// numbers, duplicates dropped, at least one and at most MaxCompareIDs;
// anything else is an invalid error naming ids.
func ParseCompareIDs(raw string) ([]int64, error) {
	var ids []int64
	bad := &catalog.Error{Code: catalog.EInvalid, Message: msgCompareIDs, Fields: map[string]string{"ids": msgCompareIDs}}
	for _, part := range strings.Split(raw, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		id, err := strconv.ParseInt(part, 10, 64)
		if err != nil || id <= 0 {
			return nil, bad
		}
		dup := false
		for _, seen := range ids {
			dup = dup || seen == id
		}
		if !dup {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 || len(ids) > MaxCompareIDs {
		return nil, bad
	}
	return ids, nil
}
