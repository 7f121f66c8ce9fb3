package media

import (
	"bytes"
	_ "embed"
	"net/http"
	"time"
)

// DemoVideoPath is the one demo video the demo stock links to (cars whose
// video is not on the video site): a muted three-second turn of a demo car
// drawn by this package, H.264 in MP4, 640x426, about 65 KB. Without it the
// vehicle page's video slide would point at nothing.
const DemoVideoPath = "/media/demo.mp4"

//go:embed demo.mp4
var demoVideo []byte

// demoVideoETag changes only when the file does (bump with the file).
const demoVideoETag = `"demo-video-v1"`

// serveDemoVideo answers GET and HEAD, with ranges: browsers fetch video in
// parts and will not loop or seek a file served whole only.
func serveDemoVideo(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "video/mp4")
	h.Set("Cache-Control", "public, max-age=86400")
	h.Set("ETag", demoVideoETag)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(demoVideo))
}
