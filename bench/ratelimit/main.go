// Command ratelimit copies tenant configs with their lead rate limits
// lifted, for the benchmarks whose every client is one loopback address.
// It parses each YAML file and sets leads.rate_limit, so the result is a
// valid config whatever order the file's sections come in.
// Usage: go run ./bench/ratelimit -out DIR tenants/*.yaml
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/goccy/go-yaml"
)

func main() {
	out := flag.String("out", "", "directory to write the edited configs to")
	flag.Parse()
	if *out == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: ratelimit -out DIR FILE.yaml...")
		os.Exit(2)
	}
	for _, f := range flag.Args() {
		if err := lift(f, filepath.Join(*out, filepath.Base(f))); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", f, err)
			os.Exit(1)
		}
	}
}

func lift(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	var doc yaml.MapSlice
	if err := yaml.UnmarshalWithOptions(b, &doc, yaml.UseOrderedMap()); err != nil {
		return err
	}
	limits := yaml.MapSlice{
		{Key: "per_ip_per_minute", Value: 60000000},
		{Key: "per_ip_burst", Value: 1000000},
		{Key: "per_site_per_minute", Value: 60000000},
		{Key: "per_site_burst", Value: 1000000},
	}
	doc = set(doc, "leads", func(v any) any {
		leads, _ := v.(yaml.MapSlice)
		return set(leads, "rate_limit", func(any) any { return limits })
	})
	out, err := yaml.Marshal(doc)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, out, 0o644)
}

// set replaces key's value in m with f(old value), adding the key when absent.
func set(m yaml.MapSlice, key string, f func(any) any) yaml.MapSlice {
	for i := range m {
		if k, ok := m[i].Key.(string); ok && k == key {
			m[i].Value = f(m[i].Value)
			return m
		}
	}
	return append(m, yaml.MapItem{Key: key, Value: f(nil)})
}
