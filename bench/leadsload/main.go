// Command leadsload fires lead submissions at a running forecourt serve
// with many concurrent clients and reports leads per second, latency
// percentiles and how many answered leads are missing from the store
// (checked afterwards with `forecourt leads export`).
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "server address")
	site := flag.String("site", "harbourside-toyota", "site slug")
	clients := flag.Int("c", 200, "concurrent clients")
	duration := flag.Duration("d", 15*time.Second, "how long to fire")
	idsFile := flag.String("ids", "", "write the lead ids answered 201 here, one a line")
	flag.Parse()

	tr := &http.Transport{MaxIdleConnsPerHost: *clients, MaxConnsPerHost: *clients}
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	var (
		mu        sync.Mutex
		latencies []time.Duration
		ids       []string
		seq       atomic.Int64
		errs      atomic.Int64
		non201    atomic.Int64
	)
	deadline := time.Now().Add(*duration)
	start := time.Now()
	var wg sync.WaitGroup
	for range *clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			var myIDs []string
			for time.Now().Before(deadline) {
				i := seq.Add(1)
				body, _ := json.Marshal(map[string]any{
					"category": "finance", "name": "Bench", "last_name": fmt.Sprint(i), "email": fmt.Sprintf("bench%d@example.com", i),
					"phone": "0412 345 678", "message": "What would the repayments be?", "opt_in": true,
					"lead_attributes": map[string]any{"visited_pages": []string{"/", "/search/used-cars"}},
				})
				req, _ := http.NewRequest("POST", "http://"+*addr+"/api/leads", bytes.NewReader(body))
				req.Host = *site + ".localhost"
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Idempotency-Key", fmt.Sprintf("bench-%d-%d", start.UnixNano(), i))
				t0 := time.Now()
				res, err := client.Do(req)
				if err != nil {
					errs.Add(1)
					continue
				}
				var out struct {
					LeadID string `json:"lead_id"`
				}
				b, _ := io.ReadAll(res.Body)
				res.Body.Close()
				mine = append(mine, time.Since(t0))
				if res.StatusCode != http.StatusCreated || json.Unmarshal(b, &out) != nil {
					if non201.Add(1) == 1 {
						fmt.Fprintf(os.Stderr, "first non-201 answer: %d %s\n", res.StatusCode, b)
					}
					continue
				}
				myIDs = append(myIDs, out.LeadID)
			}
			mu.Lock()
			latencies = append(latencies, mine...)
			ids = append(ids, myIDs...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	slices.Sort(latencies)
	pct := func(p float64) time.Duration {
		if len(latencies) == 0 {
			return 0
		}
		return latencies[min(len(latencies)-1, int(p*float64(len(latencies))))]
	}
	fmt.Printf("clients %d, %s: %d leads answered 201 (%.0f leads/s), %d other answers, %d transport errors\n",
		*clients, elapsed.Round(time.Millisecond), len(ids), float64(len(ids))/elapsed.Seconds(), non201.Load(), errs.Load())
	fmt.Printf("latency p50 %s  p90 %s  p99 %s  max %s\n", pct(0.50).Round(time.Microsecond), pct(0.90).Round(time.Microsecond),
		pct(0.99).Round(time.Microsecond), pct(1).Round(time.Microsecond))
	if *idsFile != "" {
		var b bytes.Buffer
		for _, id := range ids {
			b.WriteString(id + "\n")
		}
		if err := os.WriteFile(*idsFile, b.Bytes(), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
