package places

import (
	"strings"
	"testing/fstest"
)

func fstestMap(files map[string]string) fstest.MapFS {
	m := fstest.MapFS{}
	for name, src := range files {
		m[name] = &fstest.MapFile{Data: []byte(src)}
	}
	return m
}

// withoutServiceNewPhone is the coastal file with its service centre removed and
// Gosford's phone changed.
func withoutServiceNewPhone(src string) string {
	src = src[:strings.Index(src, "  - key: gosford-service")]
	return strings.Replace(src, `phone: "02 4321 1000"
    email`, `phone: "02 4321 9999"
    email`, 1)
}
