package sitepages

import (
	"fmt"
	"html"
	"html/template"
	"net/url"
	"regexp"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/tenant"
)

// The vehicle page's largest picture is its gallery's first photo. Naming
// it in the page's head lets the browser fetch it while the app's code is
// still loading, instead of after the app has started (Largest Contentful
// Paint). The rules mirror the app's (web/src/features/car-media/lib
// media.ts: galleryImages, defaultView, imageUrl, imageSrcSet, and the
// vehicle route's sizes); the vehicle journey in web/e2e checks that the
// page then asks for no other size of that photo.

// ImagePreload is one <link rel="preload" as="image"> in a page's head: one
// address, or a choice of widths (SrcSet, Sizes), for the screens of Media.
type ImagePreload struct {
	Href   string
	SrcSet string
	Sizes  string
	Media  string
}

// SrcSetAttr is the link's imagesrcset attribute: a list of addresses with
// widths, which the template's URL escaping (for names with "src") would
// spoil, so it is escaped as text here.
func (p ImagePreload) SrcSetAttr() template.HTMLAttr {
	if p.SrcSet == "" {
		return ""
	}
	return template.HTMLAttr(`imagesrcset="` + html.EscapeString(p.SrcSet) + `"`)
}

// GalleryWidths and GalleryQuality are the widths and quality the gallery
// offers the browser (docs/behaviour/calls.md: width and quality parameters,
// quality 75).
var GalleryWidths = []int{400, 600, 800, 1000, 1200, 1600}

const (
	GalleryQuality = 75
	HeroSizes      = "(min-width: 1280px) 860px, (min-width: 1024px) 60vw, 100vw"
)

// placeholderPhoto names a feed's stand-in picture, which the gallery
// replaces by the 'request photos' tile (docs/behaviour/errors.md).
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

// HeroPreload is the markup that fetches the picture the vehicle page
// opens on: the first 360 frame when the spinner is the first view, else
// the first gallery photo; "" when that is the 'request photos' tile or
// not one of our own plain addresses.
func HeroPreload(car catalog.Car, site *tenant.Site) []ImagePreload {
	sized := func(src string, w int) string { return fmt.Sprintf("%s?w=%d&q=%d", src, w, GalleryQuality) }
	if !site.Features.DefaultViewGallery && site.Features.Spinner {
		for _, f := range car.SpinImages {
			if strings.TrimSpace(f) == "" {
				continue
			}
			if !PlainLocalPath(f) {
				return nil
			}
			// One width for every frame, by the screen (spinFrameWidth).
			return []ImagePreload{
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
	if !PlainLocalPath(src) {
		return nil
	}
	set := make([]string, len(GalleryWidths))
	for i, w := range GalleryWidths {
		set[i] = fmt.Sprintf("%s %dw", sized(src, w), w)
	}
	return []ImagePreload{{Href: sized(src, 1200), SrcSet: strings.Join(set, ", "), Sizes: HeroSizes}}
}

// The home page's largest picture is the banner slide the carousel opens
// on (web/src/features/home/lib/banner.ts: bannerStart and bannerPicture);
// testdata/banner-vectors.json holds both sides to the same cases.
var BannerWidths = []int{800, 1200, 1600}

const (
	bannerStartIndex = 1
	BannerWidth      = 1600
	BannerSizes      = "100vw"
)

// BannerPreload is the markup that fetches the home page's opening banner
// with the very choice of widths its picture offers; "" when the site has
// no banner with a picture of our own.
func BannerPreload(site *tenant.Site) []ImagePreload {
	banners := site.Home.Banners
	if len(banners) == 0 {
		return nil
	}
	src := banners[min(bannerStartIndex, len(banners)-1)].Image
	if !strings.HasPrefix(src, "/img/") || !PlainLocalPath(src) {
		return nil
	}
	sized := func(w int) string { return fmt.Sprintf("%s?w=%d", src, w) }
	set := make([]string, len(BannerWidths))
	for i, w := range BannerWidths {
		set[i] = fmt.Sprintf("%s %dw", sized(w), w)
	}
	return []ImagePreload{{Href: sized(BannerWidth), SrcSet: strings.Join(set, ", "), Sizes: BannerSizes}}
}
