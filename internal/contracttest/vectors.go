package contracttest

import (
	"encoding/json"
	"os"
	"testing"
)

// ReadVectors reads a shared vector file (JSON the app's unit tests read
// too) into v, failing the test when it cannot be read or holds nothing.
func ReadVectors(tb testing.TB, path string, v any) {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
}
