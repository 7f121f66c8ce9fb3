// Package deliverytest drives lead delivery against a real SQLite store, a
// real SMTP receiver and real webhook servers. It lives apart from package
// leads so that fuzzing the lead decoder does not instrument SQLite.
package deliverytest_test

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"mime/quotedprintable"
	"net"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/leads"
	"forecourt/internal/store"
	"forecourt/internal/store/sqlite"
	"forecourt/internal/tenant"
)

// siteYAML is a one-dealer site whose leads go to a webhook and an inbox.
const siteYAML = `slug: bayside-motors
name: Bayside Motors
country: AU
currency: AUD
timezone: Australia/Brisbane
theme:
  colors: { primary: "#123456", primary-foreground: "#ffffff", header: "#ffffff", header-foreground: "#111111" }
leads:
  max_attempts: 3
  destinations:
    - name: crm
      webhook: { url_env: HOOK_URL, secret_env: HOOK_SECRET }
    - name: inbox
      email: { to: [sales@bayside.example, manager@bayside.example], from: leads@bayside.example, smtp_host_env: SMTP_HOST,
               username_env: SMTP_USER, password_env: SMTP_PASS }
`

type deliveryRig struct {
	store   *sqlite.DB
	sites   *tenant.Registry
	env     map[string]string
	service *leads.Service
}

func newDeliveryRig(t *testing.T) *deliveryRig {
	t.Helper()
	reg, err := tenant.Load(fstest.MapFS{"bayside-motors.yaml": {Data: []byte(siteYAML)}})
	if err != nil {
		t.Fatal(err)
	}
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "leads.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ctx := context.Background()
	if err := st.SaveDealerships(ctx, "bayside-motors", []catalog.Dealership{{ID: 1, Name: "Bayside Motors", Slug: "bayside-motors", Email: "sales@bayside.example", Phone: "07 3000 1111"}}); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveLocations(ctx, "bayside-motors", []catalog.Location{{ID: 1, Name: "Bayside", Visible: true, DealershipID: 1}}); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{}
	r := &deliveryRig{store: st, sites: reg, env: env}
	r.service = &leads.Service{Store: st, Getenv: func(k string) string { return env[k] }}
	return r
}

func (r *deliveryRig) submit(t *testing.T, name string) catalog.Lead {
	t.Helper()
	site, _ := r.sites.BySlug("bayside-motors")
	body := fmt.Sprintf(`{"category":"finance","name":%q,"last_name":"Ng","email":"buyer@example.com","phone":"0412 345 678","message":"Weekly repayments?"}`, name)
	l, err := r.service.Submit(context.Background(), leads.Submission{Site: site, Body: []byte(body), Origin: "https://bayside.example"})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func (r *deliveryRig) dispatcher() *leads.Dispatcher {
	return &leads.Dispatcher{Store: r.store, Sites: r.sites, Getenv: func(k string) string { return r.env[k] },
		BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond}
}

// smtpServer is a small real SMTP receiver: it speaks enough of RFC 5321
// for net/smtp and keeps each message. With tls set it offers STARTTLS;
// with user set it takes only mail from that user, after AUTH PLAIN.
type smtpServer struct {
	addr       string
	tls        *tls.Config
	user, pass string
	mu         sync.Mutex
	msgs       []smtpMessage
}

type smtpMessage struct {
	from string
	to   []string
	data string
	tls  bool   // sent after STARTTLS
	user string // who authenticated
}

func startSMTP(t *testing.T) *smtpServer {
	t.Helper()
	return startSMTPWith(t, &smtpServer{})
}

func startSMTPWith(t *testing.T, s *smtpServer) *smtpServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	s.addr = ln.Addr().String()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(c)
		}
	}()
	return s
}

func (s *smtpServer) serve(c net.Conn) {
	defer func() { c.Close() }()
	tp := textproto.NewConn(c)
	tp.PrintfLine("220 test ESMTP")
	var m smtpMessage
	secure, user := false, ""
	for {
		line, err := tp.ReadLine()
		if err != nil {
			return
		}
		cmd := strings.ToUpper(line)
		switch {
		case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
			ext := []string{"250-test"}
			if s.tls != nil && !secure {
				ext = append(ext, "250-STARTTLS")
			}
			if s.user != "" {
				ext = append(ext, "250-AUTH PLAIN")
			}
			tp.PrintfLine("%s\r\n250 8BITMIME", strings.Join(ext, "\r\n"))
		case cmd == "STARTTLS" && s.tls != nil && !secure:
			tp.PrintfLine("220 go ahead")
			tc := tls.Server(c, s.tls)
			if err := tc.Handshake(); err != nil {
				return
			}
			c, tp, secure = tc, textproto.NewConn(tc), true
		case strings.HasPrefix(cmd, "AUTH PLAIN "):
			raw, _ := base64.StdEncoding.DecodeString(line[len("AUTH PLAIN "):])
			parts := strings.Split(string(raw), "\x00")
			if s.user == "" || len(parts) != 3 || parts[1] != s.user || parts[2] != s.pass {
				tp.PrintfLine("535 5.7.8 authentication failed")
				continue
			}
			user = parts[1]
			tp.PrintfLine("235 2.7.0 accepted")
		case strings.HasPrefix(cmd, "MAIL FROM:"):
			if s.user != "" && user == "" {
				tp.PrintfLine("530 5.7.0 authentication required")
				continue
			}
			from, _, _ := strings.Cut(line[10:], ">")
			m = smtpMessage{from: strings.Trim(from, "< "), tls: secure, user: user}
			tp.PrintfLine("250 ok")
		case strings.HasPrefix(cmd, "RCPT TO:"):
			m.to = append(m.to, strings.Trim(line[8:], "<> "))
			tp.PrintfLine("250 ok")
		case cmd == "DATA":
			tp.PrintfLine("354 go on")
			b, err := io.ReadAll(tp.DotReader())
			if err != nil {
				return
			}
			m.data = string(b)
			s.mu.Lock()
			s.msgs = append(s.msgs, m)
			s.mu.Unlock()
			tp.PrintfLine("250 queued")
		case cmd == "QUIT":
			tp.PrintfLine("221 bye")
			return
		default:
			tp.PrintfLine("250 ok")
		}
	}
}

func (s *smtpServer) received() []smtpMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.msgs)
}

// selfSignedTLS is a certificate for 127.0.0.1 and the pool that trusts it.
func selfSignedTLS(t *testing.T) (*tls.Config, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "smtp.test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, IsCA: true, BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}, pool
}

func TestEmailOverSTARTTLSWithLogin(t *testing.T) {
	// A dealer's mail server that wants TLS and a login gets both; a wrong
	// password or an untrusted certificate leaves the lead queued with the
	// reason, never sent in the clear.
	serverTLS, roots := selfSignedTLS(t)
	cases := []struct {
		name       string
		pass       string
		roots      *x509.CertPool
		sent       bool
		lastErrHas string
	}{
		{"trusted certificate, right password", "s3cret", roots, true, ""},
		{"wrong password", "guess", roots, false, "535"},
		{"untrusted certificate", "s3cret", nil, false, "certificate"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rig := newDeliveryRig(t)
			smtpd := startSMTPWith(t, &smtpServer{tls: serverTLS, user: "leads@bayside.example", pass: "s3cret"})
			rig.env["SMTP_HOST"] = smtpd.addr
			rig.env["SMTP_USER"] = "leads@bayside.example"
			rig.env["SMTP_PASS"] = tc.pass
			rig.submit(t, "Mei")
			d := rig.dispatcher()
			d.SMTPRoots = tc.roots
			if _, err := d.DrainOnce(context.Background()); err != nil {
				t.Fatal(err)
			}
			msgs := smtpd.received()
			ds, _ := rig.store.Deliveries(context.Background(), "bayside-motors")
			if !tc.sent {
				if len(msgs) != 0 {
					t.Fatalf("the server got %d messages, want none", len(msgs))
				}
				if len(ds) != 1 || ds[0].State != store.DeliveryPending || !strings.Contains(ds[0].LastError, tc.lastErrHas) {
					t.Errorf("deliveries = %+v, want one pending whose reason names %q", ds, tc.lastErrHas)
				}
				return
			}
			if len(msgs) != 1 || !msgs[0].tls || msgs[0].user != "leads@bayside.example" {
				t.Fatalf("messages = %+v, want one sent over TLS by the site's user", msgs)
			}
			if len(ds) != 1 || ds[0].State != store.DeliveryDelivered {
				t.Errorf("deliveries = %+v, want the email delivered", ds)
			}
		})
	}
}

func TestEmailCarriesValidADF(t *testing.T) {
	rig := newDeliveryRig(t)
	smtpd := startSMTP(t)
	rig.env["SMTP_HOST"] = smtpd.addr
	lead := rig.submit(t, "Priya")
	if n, err := rig.dispatcher().DrainOnce(context.Background()); err != nil || n != 1 {
		t.Fatalf("DrainOnce = %d, %v; want the one email (the webhook is off)", n, err)
	}
	smtpd.mu.Lock()
	defer smtpd.mu.Unlock()
	if len(smtpd.msgs) != 1 {
		t.Fatalf("the SMTP server got %d messages, want 1", len(smtpd.msgs))
	}
	m := smtpd.msgs[0]
	if m.from != "leads@bayside.example" || strings.Join(m.to, ",") != "sales@bayside.example,manager@bayside.example" {
		t.Errorf("envelope from %q to %v", m.from, m.to)
	}
	msg, err := textproto.NewReader(bufio.NewReader(strings.NewReader(m.data))).ReadMIMEHeader()
	if err != nil {
		t.Fatal(err)
	}
	if msg.Get("X-Forecourt-Lead-Id") != lead.ID || !strings.Contains(msg.Get("Subject"), "finance") {
		t.Errorf("headers = %v", msg)
	}
	_, body, _ := strings.Cut(m.data, "\n\n") // the dot reader turned CRLF into LF
	adf, err := io.ReadAll(quotedprintable.NewReader(strings.NewReader(body)))
	if err != nil {
		t.Fatal(err)
	}
	if err := validateADF(t, adf); err != nil {
		t.Fatalf("%v\n%s", err, adf)
	}
	for _, want := range []string{"<name part=\"first\">Priya</name>", "<vendorname>Bayside Motors</vendorname>", "Weekly repayments?"} {
		if !strings.Contains(string(adf), want) {
			t.Errorf("emailed ADF lacks %s", want)
		}
	}
	ds, _ := rig.store.Deliveries(context.Background(), "bayside-motors")
	if len(ds) != 1 || ds[0].State != store.DeliveryDelivered {
		t.Errorf("deliveries = %+v, want the email delivered", ds)
	}
}

func TestSilentSMTPServerTimesOut(t *testing.T) {
	rig := newDeliveryRig(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close() // accepts, then never says a word
		}
	}()
	rig.env["SMTP_HOST"] = ln.Addr().String()
	rig.submit(t, "Quinn")
	d := rig.dispatcher()
	d.SMTPTimeout = 300 * time.Millisecond
	done := make(chan struct{})
	go func() { d.DrainOnce(context.Background()); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a silent SMTP server held the delivery")
	}
	ds, _ := rig.store.Deliveries(context.Background(), "bayside-motors")
	if ds[0].State != store.DeliveryPending || !strings.HasPrefix(ds[0].LastError, "SMTP:") {
		t.Errorf("after a silent server: %+v, want pending with an SMTP reason", ds[0])
	}
}

func TestDeadLetterAfterMaxAttemptsThenRequeue(t *testing.T) {
	rig := newDeliveryRig(t)
	var up atomic.Bool
	var hits atomic.Int32
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if !up.Load() {
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusOK)
	}))
	defer hook.Close()
	rig.env["HOOK_URL"], rig.env["HOOK_SECRET"] = hook.URL, "k"
	rig.submit(t, "Dana")
	d := rig.dispatcher()
	// The operators' metrics hear every attempt's outcome.
	var outcomesMu sync.Mutex
	var outcomes []string
	d.Outcome = func(site, destination, outcome string) {
		outcomesMu.Lock()
		defer outcomesMu.Unlock()
		outcomes = append(outcomes, site+" "+destination+" "+outcome)
	}
	ctx := context.Background()
	for i := 0; i < 50; i++ {
		d.DrainOnce(ctx)
		if ds, _ := rig.store.Deliveries(ctx, "bayside-motors"); ds[0].State == store.DeliveryDead {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	ds, _ := rig.store.Deliveries(ctx, "bayside-motors")
	if ds[0].State != store.DeliveryDead || ds[0].Attempts != 3 || ds[0].LastError != "webhook answered 500" || hits.Load() != 3 {
		t.Fatalf("after a failing receiver: %+v with %d requests; want dead after the site's 3 attempts", ds[0], hits.Load())
	}
	// Dead letters wait for an operator.
	time.Sleep(10 * time.Millisecond)
	if n, _ := d.DrainOnce(ctx); n != 0 {
		t.Errorf("a dead delivery was sent again without a requeue")
	}
	up.Store(true)
	if n, err := rig.store.RequeueDeadDeliveries(ctx, "bayside-motors", time.Now()); err != nil || n != 1 {
		t.Fatalf("requeue = %d, %v", n, err)
	}
	if n, _ := d.DrainOnce(ctx); n != 1 {
		t.Fatalf("the requeued delivery was not sent")
	}
	ds, _ = rig.store.Deliveries(ctx, "bayside-motors")
	if ds[0].State != store.DeliveryDelivered {
		t.Errorf("after requeue: %+v, want delivered", ds[0])
	}
	outcomesMu.Lock()
	defer outcomesMu.Unlock()
	at := "bayside-motors " + ds[0].Destination + " "
	want := []string{at + "retried", at + "retried", at + "dead_lettered", at + "delivered"}
	if !slices.Equal(outcomes, want) {
		t.Errorf("outcomes heard = %q, want %q", outcomes, want)
	}
}

func TestDeliveryLogsNoPersonalData(t *testing.T) {
	rig := newDeliveryRig(t)
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusBadGateway) }))
	defer hook.Close()
	smtpd := startSMTP(t)
	rig.env["HOOK_URL"], rig.env["HOOK_SECRET"], rig.env["SMTP_HOST"] = hook.URL, "k", smtpd.addr
	rig.submit(t, "Bartholomew")
	var logs strings.Builder
	d := rig.dispatcher()
	d.Logger = slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	for range 4 {
		d.DrainOnce(context.Background())
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.Contains(logs.String(), "webhook answered 502") || !strings.Contains(logs.String(), "lead delivered") {
		t.Fatalf("the delivery outcomes were not logged:\n%s", logs.String())
	}
	for _, secret := range []string{"Bartholomew", "buyer@example.com", "0412 345 678", "Weekly repayments"} {
		if strings.Contains(logs.String(), secret) {
			t.Errorf("delivery logs carry %q:\n%s", secret, logs.String())
		}
	}
}

func TestUnsignedWebhookIsNeverSent(t *testing.T) {
	rig := newDeliveryRig(t)
	var hits atomic.Int32
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	defer hook.Close()
	rig.env["HOOK_URL"] = hook.URL // HOOK_SECRET left unset
	rig.submit(t, "Lee")
	rig.dispatcher().DrainOnce(context.Background())
	ds, _ := rig.store.Deliveries(context.Background(), "bayside-motors")
	if hits.Load() != 0 || ds[0].State != store.DeliveryPending || !strings.Contains(ds[0].LastError, "HOOK_SECRET is not set") {
		t.Errorf("with no secret: %d requests, delivery %+v; want none sent and the reason kept", hits.Load(), ds[0])
	}
}

func TestBackoffGrowsAndCaps(t *testing.T) {
	d := &leads.Dispatcher{BaseDelay: time.Second, MaxDelay: 30 * time.Second}
	for attempt, want := range map[int]time.Duration{1: time.Second, 2: 2 * time.Second, 3: 4 * time.Second, 5: 16 * time.Second, 9: 30 * time.Second} {
		got := d.Backoff(attempt)
		if got < want*8/10 || got > want*12/10 {
			t.Errorf("Backoff(%d) = %v, want %v ±20%%", attempt, got, want)
		}
	}
}

// validateADF checks doc against the shipped ADF 1.0 DTD with xmllint.
func validateADF(t testing.TB, doc []byte) error {
	t.Helper()
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		t.Skip("xmllint is not installed; run scripts/ensure-xmllint.sh (Debian's libxml2-utils) to validate ADF against its DTD")
	}
	dir := t.TempDir()
	dtd, file := filepath.Join(dir, "adf.dtd"), filepath.Join(dir, "lead.xml")
	if err := os.WriteFile(dtd, leads.ADFDTD, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(xmllint, "--noout", "--nonet", "--dtdvalid", dtd, file).CombinedOutput(); err != nil {
		return fmt.Errorf("ADF does not validate: %s", out)
	}
	return nil
}
