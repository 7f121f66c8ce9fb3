package demo

import (
	"fmt"
	"os"
	"reflect"
	"sync"
	"testing"
	"time"
)

// made keeps each reference date's demo, generated once for the whole
// package: generating it is most of what these tests cost, and they only
// read it.
var made sync.Map // time.Time → []Site

// generated is Generate(ref), made once per date and shared: a test must
// not change what it returns (TestMain checks that none did).
func generated(ref time.Time) []Site {
	if v, ok := made.Load(ref); ok {
		return v.([]Site)
	}
	v, _ := made.LoadOrStore(ref, Generate(ref))
	return v.([]Site)
}

// TestMain runs the tests, then holds every shared demo to a fresh one of
// its date: a test that changed what generated gave it fails the run.
func TestMain(m *testing.M) {
	code := m.Run()
	made.Range(func(k, v any) bool {
		if !reflect.DeepEqual(v, Generate(k.(time.Time))) {
			fmt.Fprintf(os.Stderr, "a test changed the shared demo of %s\n", k)
			code = 1
		}
		return true
	})
	os.Exit(code)
}
