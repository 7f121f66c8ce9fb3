package s3test

import (
	"os"
	"strings"
	"testing"
)

// The tests look for the binary where the script puts it: both must name
// the same SeaweedFS version.
func TestScriptVersion(t *testing.T) {
	b, err := os.ReadFile("../../../scripts/ensure-seaweedfs.sh")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "\nversion="+Version+"\n") {
		t.Errorf("scripts/ensure-seaweedfs.sh does not build version %s", Version)
	}
}

func TestFreePorts(t *testing.T) {
	ports, err := freePorts(8)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for _, p := range ports {
		if p < 20000 || p >= 32768 || seen[p] {
			t.Errorf("port %d: out of range or picked twice (%v)", p, ports)
		}
		seen[p] = true
	}
}
