package media

import (
	"bytes"
	"net/http"
	"testing"
)

// The demo stock's video slide (docs/behaviour/screens.md#video: "otherwise a
// looping muted autoplaying video") needs a real, seekable video file.
func TestDemoVideoServedWithRanges(t *testing.T) {
	t.Parallel()
	h := New("", 0)
	full := get(t, h, DemoVideoPath)
	if full.Code != http.StatusOK || full.Header().Get("Content-Type") != "video/mp4" {
		t.Fatalf("GET %s: %d %q", DemoVideoPath, full.Code, full.Header().Get("Content-Type"))
	}
	body := full.Body.Bytes()
	// An MP4 file opens with its ftyp box.
	if len(body) < 1000 || !bytes.Equal(body[4:8], []byte("ftyp")) {
		t.Fatalf("not an MP4 file: %d bytes, % x", len(body), body[:min(len(body), 12)])
	}
	part := get(t, h, DemoVideoPath, "Range", "bytes=0-99")
	if part.Code != http.StatusPartialContent || part.Body.Len() != 100 {
		t.Fatalf("range: %d, %d bytes", part.Code, part.Body.Len())
	}
	if again := get(t, h, DemoVideoPath, "If-None-Match", full.Header().Get("ETag")); again.Code != http.StatusNotModified {
		t.Fatalf("revalidation: %d", again.Code)
	}
	if other := get(t, h, "/media/other.mp4"); other.Code != http.StatusNotFound {
		t.Fatalf("/media/other.mp4: %d, want 404", other.Code)
	}
}
