package listing

import (
	"slices"
	"testing"
)

func TestParseCompareIDs(t *testing.T) {
	t.Parallel()
	if ids, err := ParseCompareIDs(" 3,1,,3 ,2"); err != nil || !slices.Equal(ids, []int64{3, 1, 2}) {
		t.Errorf("ParseCompareIDs: %v, %v", ids, err)
	}
	for _, bad := range []string{"", ",", "1,x", "0", "-4", "1,2,3,4,5,6,7,8,9"} {
		if _, err := ParseCompareIDs(bad); err == nil {
			t.Errorf("ParseCompareIDs(%q) accepted", bad)
		}
	}
}
