package httpmw

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"
)

// NulScanBytes is how much of a JSON body is looked at for null
// characters; the API's bodies are far smaller, and each handler caps its own.
const NulScanBytes = 1 << 20

// NulField reports whether a JSON body holds a null character (raw, or
// written \u0000), which PostgreSQL cannot store in text: such a body is
// refused on every store alike. field is the top-level key whose value (or
// name) holds it, when the body is an object.
func NulField(body []byte) (field string, found bool) {
	if bytes.IndexByte(body, 0) < 0 && !hasNulEscape(body) {
		return "", false
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(body, &top) != nil {
		return "", true
	}
	keys := slices.Sorted(maps.Keys(top))
	for _, k := range keys {
		var v any
		if strings.IndexByte(k, 0) >= 0 || (json.Unmarshal(top[k], &v) == nil && holdsNul(v)) {
			return k, true
		}
	}
	return "", true
}

// hasNulEscape finds \u0000 written as an escape (an odd run of
// backslashes before the u), not a literal backslash followed by u0000.
func hasNulEscape(b []byte) bool {
	for i := 0; ; {
		j := bytes.Index(b[i:], []byte(`u0000`))
		if j < 0 {
			return false
		}
		at := i + j
		n := 0
		for k := at - 1; k >= 0 && b[k] == '\\'; k-- {
			n++
		}
		if n%2 == 1 {
			return true
		}
		i = at + 1
	}
}

func holdsNul(v any) bool {
	switch v := v.(type) {
	case string:
		return strings.IndexByte(v, 0) >= 0
	case []any:
		return slices.ContainsFunc(v, holdsNul)
	case map[string]any:
		for k, x := range v {
			if strings.IndexByte(k, 0) >= 0 || holdsNul(x) {
				return true
			}
		}
	}
	return false
}
