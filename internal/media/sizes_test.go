package media

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The app's image addresses, as its source spells them: a helper given a
// width, a ?w= in a template, a list of widths for a srcset, and the few
// named constants the pages size pictures by.
var (
	widthCall   = regexp.MustCompile(`\b(?:imageUrl|sizedImage|sized)\([^(),]+,\s*(\d+)\s*[,)]`)
	widthArg    = regexp.MustCompile(`\bimageWidthUrl\((?:[^(),]|\([^()]*\))+,\s*([^()]+)\)`)
	plainNumber = regexp.MustCompile(`^\s*(\d+)\s*$`)
	widthQuery  = regexp.MustCompile(`\?w=(\d+)`)
	widthChoice = regexp.MustCompile(`\?w=\$\{([^}]*)\}`)
	choice      = regexp.MustCompile(`[?:]\s*(\d+)`)
	widthList   = regexp.MustCompile(`(?:Widths\s*=\s*|SrcSet\([^(),]+,\s*)\[([\d,\s]+)\]`)
	widthConst  = regexp.MustCompile(`(?:const WIDTH = |mainImage = \{ width: )(\d+)`)
	spinWidths  = regexp.MustCompile(`function spinFrameWidth[^{]*\{[^}]*\}`)
	qualities   = regexp.MustCompile(`(?:IMAGE_QUALITY = |quality = |&q=)(\d+)`)
	number      = regexp.MustCompile(`\d+`)
)

// Every width and quality the web app asks the image service for is one
// it draws: a page that asked for another would get broken pictures.
func TestTheAppAsksOnlyForSizesThatAreDrawn(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..", "web", "src")
	widths, quals := map[int][]string{}, map[int][]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() || !(strings.HasSuffix(name, ".ts") || strings.HasSuffix(name, ".tsx")) ||
			strings.Contains(name, ".test.") || strings.Contains(name, "fixture") || strings.Contains(p, "testing") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		src := string(b)
		add := func(m map[int][]string, s string) {
			n, _ := strconv.Atoi(s)
			m[n] = append(m[n], p)
		}
		for _, re := range []*regexp.Regexp{widthCall, widthQuery, widthConst} {
			for _, m := range re.FindAllStringSubmatch(src, -1) {
				add(widths, m[1])
			}
		}
		// A width given as a number or a choice of numbers (hero ? 800 : 600).
		for _, m := range widthArg.FindAllStringSubmatch(src, -1) {
			for _, re := range []*regexp.Regexp{plainNumber, choice} {
				for _, c := range re.FindAllStringSubmatch(m[1], -1) {
					add(widths, c[1])
				}
			}
		}
		for _, m := range widthChoice.FindAllStringSubmatch(src, -1) {
			for _, c := range choice.FindAllStringSubmatch(m[1], -1) {
				add(widths, c[1])
			}
		}
		for _, m := range widthList.FindAllStringSubmatch(src, -1) {
			for _, n := range number.FindAllString(m[1], -1) {
				add(widths, n)
			}
		}
		for _, m := range spinWidths.FindAllString(src, -1) {
			for _, c := range choice.FindAllStringSubmatch(m, -1) {
				add(widths, c[1])
			}
		}
		for _, m := range qualities.FindAllStringSubmatch(src, -1) {
			add(quals, m[1])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The scan must see the app's known sizes, or it proves nothing.
	for _, w := range []int{128, 160, 240, 300, 320, 640, 900, 960, 1000, 1600} {
		if len(widths[w]) == 0 {
			t.Errorf("the scan of the app found no width %d; does it still read the app's image addresses?", w)
		}
	}
	if len(quals[75]) == 0 || len(quals[80]) == 0 {
		t.Errorf("the scan found qualities %v, want 75 and 80 among them", quals)
	}
	for w, files := range widths {
		if !AllowedWidth(w) {
			t.Errorf("the app asks for width %d (%s), which is not in Widths", w, strings.Join(files, ", "))
		}
	}
	for q, files := range quals {
		if !AllowedQuality(q) {
			t.Errorf("the app asks for quality %d (%s), which is not in Qualities", q, strings.Join(files, ", "))
		}
	}
	// And nothing in Widths is left that no page asks for, but the icons'
	// defaults and the stored thumbnails' 200.
	for _, w := range Widths {
		if len(widths[w]) == 0 && w != 200 {
			t.Errorf("width %d is drawn but the app never asks for it", w)
		}
	}
}
