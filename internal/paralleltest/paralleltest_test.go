package paralleltest

import (
	"flag"
	"testing"
)

// TestDefaultKeepsWhatTheRunGave: -parallel as the run gave it stays;
// without it, Default's number is taken.
func TestDefaultKeepsWhatTheRunGave(t *testing.T) {
	f := flag.Lookup("test.parallel")
	if f == nil {
		t.Fatal("no -test.parallel flag")
	}
	was := f.Value.String()
	defer flag.Set("test.parallel", was)
	given := false
	flag.Visit(func(g *flag.Flag) { given = given || g.Name == "test.parallel" })
	Default(7)
	want := "7"
	if given {
		want = was
	}
	if got := f.Value.String(); got != want {
		t.Errorf("-parallel %s after Default(7), want %s (given on the command line: %v)", got, want, given)
	}
}
