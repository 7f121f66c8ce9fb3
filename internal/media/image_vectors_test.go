package media

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"forecourt/internal/contracttest"
)

// TestImageAddressSharedVectors checks testdata/image-vectors.json, whose
// addresses the app's tests build too: every /img/ address the app asks
// for is one the image service draws, at the width and quality asked.
func TestImageAddressSharedVectors(t *testing.T) {
	t.Parallel()
	var v struct {
		Sized []struct {
			Name    string `json:"name"`
			Width   int    `json:"width"`
			Quality int    `json:"quality"`
			Want    string `json:"want"`
		} `json:"sized"`
	}
	contracttest.ReadVectors(t, "testdata/image-vectors.json", &v)
	drawn := 0
	for _, c := range v.Sized {
		u, err := url.Parse(c.Want)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if !strings.HasPrefix(u.Path, "/img/") || u.IsAbs() {
			continue
		}
		drawn++
		q, ok := parse(u.Path, u.Query().Get)
		if !ok {
			t.Errorf("%s: the image service does not draw %s", c.Name, c.Want)
			continue
		}
		if q.width != c.Width || q.qual != c.Quality {
			t.Errorf("%s: %s is drawn %d wide at quality %d, want %d at %d", c.Name, c.Want, q.width, q.qual, c.Width, c.Quality)
		}
		if got := u.Query().Get("w"); got != strconv.Itoa(c.Width) {
			t.Errorf("%s: w=%s, want %d", c.Name, got, c.Width)
		}
	}
	if drawn == 0 {
		t.Fatal("image vectors: no address of the image service")
	}
}
