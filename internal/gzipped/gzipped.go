// Package gzipped compresses a body once, for a response kept both plain
// and gzipped (a kept search answer, a build file) and sent as the client
// takes it (httpmw.PreGzipped).
package gzipped

import (
	"bytes"
	"sync"

	"github.com/klauspost/compress/gzip"
)

// Levels: Default is the level responses are compressed at as they go;
// Best suits what is compressed once and sent many times.
const (
	Default = gzip.DefaultCompression
	Best    = gzip.BestCompression
)

var writers = map[int]*sync.Pool{
	Default: {New: func() any { w, _ := gzip.NewWriterLevel(nil, Default); return w }},
	Best:    {New: func() any { w, _ := gzip.NewWriterLevel(nil, Best); return w }},
}

// Bytes is b gzipped at level (Default or Best; any other is taken as Default).
func Bytes(b []byte, level int) []byte {
	pool, ok := writers[level]
	if !ok {
		pool = writers[Default]
	}
	var buf bytes.Buffer
	buf.Grow(len(b)/4 + 64)
	zw := pool.Get().(*gzip.Writer)
	defer pool.Put(zw)
	zw.Reset(&buf)
	_, _ = zw.Write(b) // a bytes.Buffer takes every write
	_ = zw.Close()
	return buf.Bytes()
}
