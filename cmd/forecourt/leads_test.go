package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/hmac"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/leads"
	"forecourt/internal/paralleltest"
	"forecourt/internal/store"
	"forecourt/internal/store/postgres/postgrestest"
	"forecourt/tenants"
)

// TestMain lets the test binary stand in for the forecourt command, so a
// test can run `serve` as a real child process and SIGKILL it.
func TestMain(m *testing.M) {
	if os.Getenv("FORECOURT_TEST_AS_COMMAND") == "1" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		err := run(ctx, strings.Split(os.Getenv("FORECOURT_TEST_ARGS"), "\x1f"), os.Getenv, os.Stdout, os.Stderr)
		stop()
		if err != nil {
			fmt.Fprintln(os.Stderr, "forecourt:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	// The serve tests mostly wait on what they start: 43 s alone on 2
	// cores with one per core, 24 s with six at once.
	paralleltest.Default(6)
	code := m.Run()
	postgrestest.RemoveTemplates()
	if seededPGName != "" {
		if err := postgrestest.DropDatabase(seededPGName); err != nil {
			fmt.Fprintln(os.Stderr, "drop the seeded template database:", err)
		}
	}
	os.Exit(code)
}

// generousTenants copies the demo site configs with rate limits no load
// test reaches: every request comes from one address here.
func generousTenants(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	names, _ := fs.Glob(tenants.FS, "*.yaml")
	for _, n := range names {
		b, _ := fs.ReadFile(tenants.FS, n)
		// The limits go first in the site's leads section, wherever that stands.
		b = bytes.Replace(b, []byte("\nleads:\n"), []byte("\nleads:\n  rate_limit:\n    per_ip_per_minute: 60000000\n    per_ip_burst: 1000000\n"+
			"    per_site_per_minute: 60000000\n    per_site_burst: 1000000\n"), 1)
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// child is `forecourt serve` running as its own process.
type child struct {
	cmd  *exec.Cmd
	port string
}

func startChild(t *testing.T, env []string, args ...string) *child {
	needBuiltApp(t)
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	// The child sees only the database the test names: an inherited
	// DATABASE_URL would send a SQLite run to the shared server.
	var inherited []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DATABASE_URL=") {
			inherited = append(inherited, kv)
		}
	}
	cmd.Env = append(inherited, append(env, "FORECOURT_TEST_AS_COMMAND=1",
		"FORECOURT_TEST_ARGS="+strings.Join(append([]string{"serve", "--addr", "127.0.0.1:0", "--render-workers", "1"}, args...), "\x1f"))...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	portRE := regexp.MustCompile(`\.localhost:(\d+)`)
	sc := bufio.NewScanner(out)
	c := &child{cmd: cmd}
	for sc.Scan() {
		if m := portRE.FindStringSubmatch(sc.Text()); m != nil {
			c.port = m[1]
			break
		}
	}
	go io.Copy(io.Discard, out)
	if c.port == "" {
		t.Fatal("serve printed no site URL")
	}
	return c
}

func postLead(client *http.Client, port, site, key string, body []byte) (int, string, error) {
	req, _ := http.NewRequest("POST", "http://127.0.0.1:"+port+"/api/leads", bytes.NewReader(body))
	req.Host = site + ".localhost"
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	res, err := client.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer res.Body.Close()
	var out struct {
		LeadID string `json:"lead_id"`
	}
	err = json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out.LeadID, err
}

func contactLead(i int) []byte {
	b, _ := json.Marshal(map[string]any{"category": "finance", "name": fmt.Sprintf("Buyer %d", i), "email": fmt.Sprintf("buyer%d@example.com", i),
		"phone": "0412 345 678", "message": fmt.Sprintf("lead %d", i)})
	return b
}

// crashLead is a finance enquiry to one of Summit's dealerships; the same
// key always gives the same body, as a browser's retry would.
func crashLead(key string) []byte {
	b, _ := json.Marshal(map[string]any{"category": "finance", "name": "Buyer", "email": "b@example.com",
		"phone": "0412345678", "dealership_slug": "summit-mazda", "terms": true, "message": key})
	return b
}

// exportedLeadIDs runs `forecourt leads export` and returns the lead ids.
func exportedLeadIDs(t *testing.T, getenv map[string]string, dataDir, site string) map[string]bool {
	t.Helper()
	var out bytes.Buffer
	if err := run(context.Background(), []string{"leads", "export", "--site", site, "--data", dataDir},
		func(k string) string { return getenv[k] }, &out, io.Discard); err != nil {
		t.Fatalf("leads export: %v", err)
	}
	rows, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, r := range rows[1:] {
		ids[r[0]] = true
	}
	return ids
}

// TestKilledMidLoadLosesNoAnsweredLead fires leads at a real serve process,
// SIGKILLs it mid-load, restarts it, and checks that every lead answered
// 201 is in the store with its delivery queued.
func TestKilledMidLoadLosesNoAnsweredLead(t *testing.T) {
	t.Parallel()
	for _, db := range []string{"sqlite", "postgres"} {
		t.Run(db, func(t *testing.T) {
			t.Parallel()
			env := map[string]string{"FORECOURT_DEMO_LEAD_WEBHOOK_URL": "http://127.0.0.1:1/down"}
			if db == "postgres" {
				env["DATABASE_URL"] = seededPostgres(t)
			}
			var envList []string
			for k, v := range env {
				envList = append(envList, k+"="+v)
			}
			dataDir, tenantsDir := seededData(t, env), generousTenants(t)
			const site = "summit-motor-group"
			first := startChild(t, envList, "--data", dataDir, "--tenants", tenantsDir, "--ssr=false")

			var mu sync.Mutex
			answered := map[string]string{} // idempotency key → lead id
			var next atomic.Int64
			stop := make(chan struct{})
			var wg sync.WaitGroup
			client := &http.Client{Timeout: 10 * time.Second}
			for range 32 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for {
						select {
						case <-stop:
							return
						default:
						}
						i := int(next.Add(1))
						key := fmt.Sprintf("crash-%d", i)
						code, id, err := postLead(client, first.port, site, key, crashLead(key))
						if err != nil {
							continue // the server died under this request: not answered, so not promised
						}
						if code == 201 {
							mu.Lock()
							answered[key] = id
							mu.Unlock()
						}
					}
				}()
			}
			// Kill once a good number of leads are in flight and answered.
			deadline := time.Now().Add(30 * time.Second)
			for time.Now().Before(deadline) {
				mu.Lock()
				n := len(answered)
				mu.Unlock()
				if n >= 150 {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			if err := first.cmd.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			_ = first.cmd.Wait()
			close(stop)
			wg.Wait()
			if len(answered) < 150 {
				t.Fatalf("only %d leads were answered 201 before the kill; the dealership slug or load is wrong", len(answered))
			}

			second := startChild(t, envList, "--data", dataDir, "--tenants", tenantsDir, "--ssr=false")
			res, err := http.Get("http://127.0.0.1:" + second.port + "/healthz")
			if err != nil || res.StatusCode != 200 {
				t.Fatalf("restart: %v %v", res, err)
			}
			res.Body.Close()
			// A retry after the crash returns the same lead, not a second one.
			for key, id := range answered {
				code, again, err := postLead(client, second.port, site, key, crashLead(key))
				if err != nil || code != 201 || again != id {
					t.Errorf("retry of %s after restart: %d %q %v, want 201 %q", key, code, again, err, id)
				}
				break
			}
			_ = second.cmd.Process.Signal(syscall.SIGTERM)
			_ = second.cmd.Wait()

			stored := exportedLeadIDs(t, env, dataDir, site)
			lost := 0
			for key, id := range answered {
				if !stored[id] {
					lost++
					t.Errorf("lead %s (%s) was answered 201 but is not in the store", id, key)
				}
			}
			// The outbox row was committed with each lead.
			st, _, err := openStore(context.Background(), dataDir, func(k string) string { return env[k] })
			if err != nil {
				t.Fatal(err)
			}
			ds, err := st.Deliveries(context.Background(), site)
			st.Close()
			if err != nil {
				t.Fatal(err)
			}
			queued := map[string]bool{}
			for _, d := range ds {
				queued[d.LeadID] = true
			}
			for id := range stored {
				if !queued[id] {
					t.Errorf("lead %s is stored without its delivery", id)
				}
			}
			t.Logf("%s: %d leads answered 201 before SIGKILL, %d stored, %d lost", db, len(answered), len(stored), lost)
		})
	}
}

// TestWebhookDownThenUpGetsEveryLeadOnce: the dealer's webhook answers 503
// for a while, then comes back; every lead arrives, once per idempotency
// key, signed, with ADF that validates against the ADF 1.0 DTD.
func TestWebhookDownThenUpGetsEveryLeadOnce(t *testing.T) {
	t.Parallel()
	const secret = "s3cret-for-tests"
	var up atomic.Bool
	var mu sync.Mutex
	accepted := map[string]leads.WebhookBody{}
	duplicates, refused, badSignatures := 0, 0, 0
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if !up.Load() {
			mu.Lock()
			refused++
			mu.Unlock()
			http.Error(w, "down for maintenance", http.StatusServiceUnavailable)
			return
		}
		mu.Lock()
		defer mu.Unlock()
		if !hmac.Equal([]byte(r.Header.Get(leads.SignatureHeader)), []byte(leads.Sign([]byte(secret), body))) {
			badSignatures++
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		key := r.Header.Get(leads.IdempotencyHeader)
		if _, seen := accepted[key]; seen {
			duplicates++ // a receiver drops it by key
			w.WriteHeader(http.StatusOK)
			return
		}
		var wb leads.WebhookBody
		if err := json.Unmarshal(body, &wb); err != nil {
			http.Error(w, "bad json", http.StatusBadRequest)
			return
		}
		accepted[key] = wb
		w.WriteHeader(http.StatusNoContent)
	}))
	defer recv.Close()

	env := map[string]string{
		"FORECOURT_DEMO_LEAD_WEBHOOK_URL":    recv.URL + "/leads",
		"FORECOURT_DEMO_LEAD_WEBHOOK_SECRET": secret,
	}
	dataDir := seededData(t, env)
	port := startServe(t, env, "--data", dataDir, "--tenants", generousTenants(t), "--ssr=false",
		"--lead-retry-base", "200ms", "--lead-retry-max", "1s")
	const site = "harbourside-toyota"
	const n = 20
	ids := map[string]bool{}
	client := &http.Client{Timeout: 10 * time.Second}
	for i := range n {
		code, id, err := postLead(client, port, site, fmt.Sprintf("hook-%d", i), contactLead(i))
		if err != nil || code != 201 {
			t.Fatalf("lead %d: %d %v", i, code, err)
		}
		ids[id] = true
	}
	time.Sleep(1500 * time.Millisecond) // down: every delivery fails at least once
	up.Store(true)
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		mu.Lock()
		got := len(accepted)
		mu.Unlock()
		if got == n {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	if refused < n {
		t.Errorf("the receiver refused only %d deliveries while down, want at least %d", refused, n)
	}
	if len(accepted) != n || badSignatures != 0 {
		t.Fatalf("accepted %d of %d leads (%d bad signatures)", len(accepted), n, badSignatures)
	}
	for key, wb := range accepted {
		if key != wb.LeadID || !ids[wb.LeadID] {
			t.Errorf("delivery key %q carries lead %q, not one of ours", key, wb.LeadID)
		}
		if err := validateADF(t, []byte(wb.ADF)); err != nil {
			t.Errorf("lead %s: %v\n%s", key, err, wb.ADF)
		}
	}
	t.Logf("%d refused while down, %d accepted once, %d duplicates dropped by key", refused, len(accepted), duplicates)
}

func validateADF(t *testing.T, doc []byte) error {
	t.Helper()
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		t.Skip("xmllint is not installed; run scripts/ensure-xmllint.sh to validate ADF against its DTD")
	}
	dir := t.TempDir()
	dtd, file := filepath.Join(dir, "adf.dtd"), filepath.Join(dir, "lead.xml")
	os.WriteFile(dtd, leads.ADFDTD, 0o644)
	os.WriteFile(file, doc, 0o644)
	if out, err := exec.Command(xmllint, "--noout", "--nonet", "--dtdvalid", dtd, file).CombinedOutput(); err != nil {
		return fmt.Errorf("ADF does not validate: %s", out)
	}
	if !strings.Contains(string(doc), "<vendorname>") {
		return fmt.Errorf("ADF has no vendor name")
	}
	return nil
}

func TestLeadsRetryRequeuesDeadDeliveries(t *testing.T) {
	t.Parallel()
	ctx, dataDir, getenv := context.Background(), t.TempDir(), noEnv
	st := openTestStore(t, dataDir)
	lead, _, err := st.SubmitLead(ctx, "harbourside-toyota", catalogLead(), []string{"crm-webhook"})
	if err != nil {
		t.Fatal(err)
	}
	claimed, _ := st.ClaimDeliveries(ctx, time.Now().Add(time.Second), time.Minute, 10)
	if len(claimed) != 1 {
		t.Fatalf("claimed %d", len(claimed))
	}
	st.DeliveryFailed(ctx, claimed[0].ID, "webhook answered 500", time.Now(), true)
	st.Close()

	var out bytes.Buffer
	if err := run(ctx, []string{"leads", "retry", "--site", "harbourside-toyota", "--data", dataDir}, getenv, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "requeued 1 dead lead deliveries for harbourside-toyota") {
		t.Errorf("leads retry said %q", out.String())
	}
	st, _, _ = openStore(ctx, dataDir, getenv)
	defer st.Close()
	ds, _ := st.Deliveries(ctx, "harbourside-toyota")
	if len(ds) != 1 || ds[0].LeadID != lead.ID || ds[0].State != "pending" || ds[0].Attempts != 0 {
		t.Errorf("after leads retry: %+v, want pending with a fresh count", ds)
	}
	if err := run(ctx, []string{"leads", "retry", "--site", "nowhere", "--data", dataDir}, getenv, io.Discard, io.Discard); err == nil {
		t.Error("leads retry of an unknown site succeeded")
	}
}

// noEnv is an environment with nothing set.
func noEnv(string) string { return "" }

// openTestStore opens dataDir's store as the commands do; the test closes it.
func openTestStore(t *testing.T, dataDir string) store.Store {
	t.Helper()
	st, _, err := openStore(context.Background(), dataDir, noEnv)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func catalogLead() catalog.Lead {
	return catalog.Lead{Category: "finance", Name: "Jo", Email: "jo@example.com", Phone: "0412345678"}
}

// A visitor's name or message starting with =, +, -, @, a tab or a carriage
// return must reach the dealer's spreadsheet as text, not as a formula.
func TestLeadsExportEscapesSpreadsheetFormulas(t *testing.T) {
	t.Parallel()
	ctx, dataDir, getenv := context.Background(), t.TempDir(), noEnv
	st := openTestStore(t, dataDir)
	starts := []string{"=", "+", "-", "@", "\t", "\r"}
	for _, s := range starts {
		l := catalogLead()
		l.Name = s + "HYPERLINK(\"http://evil.example\",\"x\")"
		l.Message = s + "1+1"
		if _, err := st.CreateLead(ctx, "harbourside-toyota", l); err != nil {
			t.Fatal(err)
		}
	}
	plain := catalogLead()
	plain.Message = "Is it still for sale? -- Jo"
	if _, err := st.CreateLead(ctx, "harbourside-toyota", plain); err != nil {
		t.Fatal(err)
	}
	st.Close()

	var out bytes.Buffer
	if err := run(ctx, []string{"leads", "export", "--site", "harbourside-toyota", "--data", dataDir}, getenv, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(starts)+2 {
		t.Fatalf("exported %d rows, want %d", len(rows), len(starts)+2)
	}
	escaped := map[string]bool{}
	for _, r := range rows[1:] {
		name, message := r[3], r[6]
		if message == plain.Message {
			if name != "Jo" {
				t.Errorf("plain name exported as %q", name)
			}
			continue
		}
		// The export trims the full name, so a name's leading tab is gone
		// rather than escaped; either way it must not start a formula.
		if name == "" || strings.ContainsAny(name[:1], "=+-@\t\r") {
			t.Errorf("name %q is not escaped", name)
		}
		if !strings.HasPrefix(message, "'") {
			t.Errorf("message %q is not escaped", message)
			continue
		}
		escaped[message[1:2]] = true
		if message[2:] != "1+1" {
			t.Errorf("message %q lost its text", message)
		}
	}
	for _, s := range starts {
		if !escaped[s] {
			t.Errorf("no escaped message starting with %q", s)
		}
	}
}
