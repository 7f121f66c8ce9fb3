package httpapi

import (
	"io/fs"
	"mime"
	"net/http"
	"path"
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
