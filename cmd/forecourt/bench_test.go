package main

import (
	"runtime"
	"testing"
)

// BenchmarkColdStart measures `forecourt serve` from nothing to ready on a
// new, empty SQLite data directory: migrations, the demo load of every site
// and the first /healthz. Run: go test ./cmd/forecourt -run '^$' -bench ColdStart -benchtime 3x
func BenchmarkColdStart(b *testing.B) {
	for b.Loop() {
		_, stop := launchServe(b, nil, "--data", b.TempDir())
		b.StopTimer()
		stop()
		b.StartTimer()
	}
}

// BenchmarkWarmStart measures a restart on a data directory that already
// holds the demo, and reports the heap in use once the server is ready.
func BenchmarkWarmStart(b *testing.B) {
	dir := b.TempDir()
	_, stop := launchServe(b, nil, "--data", dir)
	stop()
	var heap uint64
	for b.Loop() {
		_, stop := launchServe(b, nil, "--data", dir)
		b.StopTimer()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		heap = m.HeapInuse
		stop()
		b.StartTimer()
	}
	b.ReportMetric(float64(heap)/(1<<20), "MiB-heap-ready")
}
