package pageserve

import (
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"strings"
	"sync"

	"forecourt/internal/gzipped"
	"forecourt/internal/httpmw"
)

// builtFile is one of the app's hashed build files as it is served: its
// bytes, and the same gzipped once, at the best level, where that is
// smaller (docs/behaviour/http.md#asset-headers). A page loads dozens of
// them, each unchanged for as long as its name: compressing each on every
// request cost time on the server and bytes on the phone.
type builtFile struct {
	ctype   string
	plain   []byte
	gzipped []byte // nil: gzip would not make it smaller
}

// builtFiles keeps each built file the first time it is asked for.
type builtFiles struct {
	files sync.Map // name → *builtFile
}

func (b *builtFiles) get(web fs.FS, name string) (*builtFile, error) {
	if f, ok := b.files.Load(name); ok {
		return f.(*builtFile), nil
	}
	plain, err := fs.ReadFile(web, name)
	if err != nil {
		return nil, err
	}
	f := &builtFile{ctype: mime.TypeByExtension(path.Ext(name)), plain: plain}
	if f.ctype == "" {
		f.ctype = http.DetectContentType(plain)
	}
	if httpmw.Compressible(f.ctype) {
		if z := gzipped.Bytes(plain, gzipped.Best); len(z) < len(plain) {
			f.gzipped = z
		}
	}
	kept, _ := b.files.LoadOrStore(name, f)
	return kept.(*builtFile), nil
}

// write sends the file in the encoding the client takes.
func (f *builtFile) write(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", f.ctype)
	body := f.plain
	if f.gzipped != nil {
		body = httpmw.PreGzipped(w, r, f.plain, f.gzipped)
	}
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// assetName is how the build names its files under /assets: a name, a dash
// and the hash of the content ("main-Mh1EX1cg.js"). Only such a file never
// changes under its name, so only it may be cached for a year.
var assetName = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]*-[A-Za-z0-9_-]{4,}\.[A-Za-z0-9]+$`)

// Asset serves the build's hashed files. The name must be one plain
// segment: "/assets/%2e%2e%2findex.html" arrives here as "../index.html"
// and must never reach another file of the app. Anything else under
// /assets is the site's own 404 page.
func (s *Server) Asset(w http.ResponseWriter, r *http.Request) {
	if name, ok := strings.CutPrefix(r.URL.Path, httpmw.AssetsPrefix); ok && assetName.MatchString(name) {
		// Kept once read: no look at the file system on a later request.
		if f, err := s.built.get(s.Web, "assets/"+name); err == nil {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			f.write(w, r)
			return
		}
	}
	s.Page(w, r)
}

func (s *Server) serveFile(w http.ResponseWriter, r *http.Request, name, cacheControl string) {
	f, err := s.built.get(s.Web, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", cacheControl)
	f.write(w, r)
}
