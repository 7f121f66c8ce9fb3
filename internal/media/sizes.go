package media

import "slices"

// Widths are the only widths (?w=) the image service draws: those the
// pages ask for. Every other width answers 404 without drawing, so a
// visitor cannot make the server draw and keep the same picture at a
// thousand sizes. Where each comes from:
//
//	128            the models menu's thumbnails (web: menu-panels)
//	160, 320       make logos (menu, brands page) and the icons' default
//	200            a photo's thumbnail address as the feed and demo store it
//	240            gallery thumbnails, the trade-in car
//	300..800       car cards and model cards (web: cardImageWidths)
//	400..1600      the gallery, the vehicle page and its preload
//	               (web: galleryWidths; internal/sitepages/preload.go)
//	600, 900       360 frames, phone and wider screens (web: spinFrameWidth)
//	900            the printable sheet's picture, the model pages' photos
//	400, 640, 960  offers' pictures
//	800..1600      banners and promotion tiles
//
// The width a URL gets without ?w= is its kind's default (defaultWidth),
// which is one of these. A page that asks for a new width must add it
// here; the tests check the app's and the server's image addresses
// against this list.
var Widths = []int{128, 160, 200, 240, 300, 320, 400, 600, 640, 800, 900, 960, 1000, 1200, 1600}

// Qualities are the only JPEG/WebP qualities (?q=) drawn: the app's
// default and the vehicle page's and printable sheet's 80.
var Qualities = []int{defaultQual, 80}

// AllowedWidth reports whether the image service draws width w.
func AllowedWidth(w int) bool {
	_, ok := slices.BinarySearch(Widths, w)
	return ok
}

// AllowedQuality reports whether the image service encodes at quality q.
func AllowedQuality(q int) bool { return slices.Contains(Qualities, q) }
