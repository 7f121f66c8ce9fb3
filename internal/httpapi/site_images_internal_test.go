package httpapi

import (
	"testing"

	"forecourt/internal/media"
	"forecourt/internal/sitepages"
)

// The widths and qualities the server itself names, in the pages' preloads
// and the printable sheet, are ones the image service draws.
func TestTheServerAsksOnlyForSizesThatAreDrawn(t *testing.T) {
	t.Parallel()
	widths := append(append([]int{600, 900, sitepages.BannerWidth, sheetImageWidth}, sitepages.GalleryWidths...), sitepages.BannerWidths...)
	for _, w := range widths {
		if !media.AllowedWidth(w) {
			t.Errorf("the server names width %d, which media.Widths leaves out", w)
		}
	}
	for _, q := range []int{sitepages.GalleryQuality, sheetImageQuality} {
		if !media.AllowedQuality(q) {
			t.Errorf("the server names quality %d, which media.Qualities leaves out", q)
		}
	}
}
