package gzipped

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
)

func TestBytesComeBackWhole(t *testing.T) {
	plain := []byte(strings.Repeat(`{"make":"Toyota","model":"HiAce"},`, 200))
	for _, level := range []int{Default, Best, 42} {
		z := Bytes(plain, level)
		if len(z) >= len(plain) {
			t.Fatalf("level %d: %d bytes gzipped from %d", level, len(z), len(plain))
		}
		r, err := gzip.NewReader(bytes.NewReader(z))
		if err != nil {
			t.Fatalf("level %d: %v", level, err)
		}
		back, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(back, plain) {
			t.Fatalf("level %d: came back as %d bytes (%v)", level, len(back), err)
		}
	}
	if b, d := Bytes(plain, Best), Bytes(plain, Default); len(b) > len(d) {
		t.Fatalf("best %d bytes, more than default %d", len(b), len(d))
	}
}
