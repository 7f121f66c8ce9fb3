package httpapi

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/sitepages"
	"forecourt/internal/tenant"
)

// The vehicle page's largest picture is its gallery's first photo. Naming
// it in the page's head lets the browser fetch it while the app's code is
// still loading, instead of after the app has started (Largest Contentful
// Paint). The rules mirror the app's (web/src/features/car-media/lib
// media.ts: galleryImages, defaultView, imageUrl, imageSrcSet, and the
// vehicle route's sizes); the vehicle journey in web/e2e checks that the
// page then asks for no other size of that photo.

// galleryWidths and galleryQuality are the widths and quality the gallery
// offers the browser (SPEC.md section 7: width and quality parameters,
// quality 75).
var galleryWidths = []int{400, 600, 800, 1000, 1200, 1600}

const (
	galleryQuality = 75
	heroSizes      = "(min-width: 1280px) 860px, (min-width: 1024px) 60vw, 100vw"
)

// placeholderPhoto names a feed's stand-in picture, which the gallery
// replaces by the 'request photos' tile (SPEC.md section 8).
var placeholderPhoto = regexp.MustCompile(`(?i)(^|[-_.])(placeholder|default|no-?image|no-?photos?|image-?coming-?soon|photos?-?coming-?soon)([-_.]|$)`)

func isPlaceholderPhoto(src string) bool {
	if strings.TrimSpace(src) == "" {
		return true
	}
	p := src
	if u, err := url.Parse(src); err == nil {
		p = u.Path
	}
	segs := strings.FieldsFunc(p, func(r rune) bool { return r == '/' })
	if len(segs) == 0 {
		return false
	}
	return placeholderPhoto.MatchString(strings.ReplaceAll(segs[len(segs)-1], "_", "-"))
}

// heroPreload is the markup that fetches the picture the vehicle page
// opens on: the first 360 frame when the spinner is the first view, else
// the first gallery photo; "" when that is the 'request photos' tile or
// not one of our own plain addresses.
func heroPreload(car catalog.Car, site *tenant.Site) []imagePreload {
	sized := func(src string, w int) string { return fmt.Sprintf("%s?w=%d&q=%d", src, w, galleryQuality) }
	if !site.Features.DefaultViewGallery && site.Features.Spinner {
		for _, f := range car.SpinImages {
			if strings.TrimSpace(f) == "" {
				continue
			}
			if !sitepages.PlainLocalPath(f) {
				return nil
			}
			// One width for every frame, by the screen (spinFrameWidth).
			return []imagePreload{
				{Href: sized(f, 600), Media: "(max-width: 639px)"},
				{Href: sized(f, 900), Media: "(min-width: 640px)"},
			}
		}
	}
	src := ""
	for _, im := range car.Images {
		if !isPlaceholderPhoto(im.URL) {
			src = im.URL
			break
		}
	}
	if src == "" && !isPlaceholderPhoto(car.PrimaryImageURL) {
		src = car.PrimaryImageURL
	}
	if !sitepages.PlainLocalPath(src) {
		return nil
	}
	set := make([]string, len(galleryWidths))
	for i, w := range galleryWidths {
		set[i] = fmt.Sprintf("%s %dw", sized(src, w), w)
	}
	return []imagePreload{{Href: sized(src, 1200), SrcSet: strings.Join(set, ", "), Sizes: heroSizes}}
}

// The home page's largest picture is the banner slide the carousel opens
// on (web/src/features/home/components/banner-carousel.tsx: BANNER_START_INDEX,
// sized and the slide's srcset and sizes).
var bannerWidths = []int{800, 1200, 1600}

const (
	bannerStartIndex = 1
	bannerWidth      = 1600
	bannerSizes      = "100vw"
)

// bannerPreload is the markup that fetches the home page's opening banner
// with the very choice of widths its picture offers; "" when the site has
// no banner with a picture of our own.
func bannerPreload(site *tenant.Site) []imagePreload {
	banners := site.Home.Banners
	if len(banners) == 0 {
		return nil
	}
	src := banners[min(bannerStartIndex, len(banners)-1)].Image
	if !strings.HasPrefix(src, "/img/") || !sitepages.PlainLocalPath(src) {
		return nil
	}
	sized := func(w int) string { return fmt.Sprintf("%s?w=%d", src, w) }
	set := make([]string, len(bannerWidths))
	for i, w := range bannerWidths {
		set[i] = fmt.Sprintf("%s %dw", sized(w), w)
	}
	return []imagePreload{{Href: sized(bannerWidth), SrcSet: strings.Join(set, ", "), Sizes: bannerSizes}}
}
