package leads

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/http"
	"net/smtp"
	"strconv"
	"strings"
	"sync"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
	"forecourt/internal/tenant"
)

// Webhook headers. A receiver drops a lead it has seen by IdempotencyHeader
// and checks SignatureHeader, "sha256=" + hex HMAC-SHA256 of the body keyed
// with the site's webhook secret.
const (
	IdempotencyHeader = "Idempotency-Key"
	SignatureHeader   = "X-Forecourt-Signature"
	AttemptHeader     = "X-Forecourt-Attempt"
)

// DefaultMaxAttempts is used when a site sets none.
const DefaultMaxAttempts = 10

func getenvOr(getenv func(string) string) func(string) string {
	if getenv == nil {
		return func(string) string { return "" }
	}
	return getenv
}

// webhookURL resolves a webhook's address; "" means the destination is off.
func webhookURL(w *tenant.LeadWebhook, getenv func(string) string) string {
	if w.URLEnv != "" {
		return strings.TrimSpace(getenvOr(getenv)(w.URLEnv))
	}
	return w.URL
}

// smtpHost resolves an email destination's server; "" means it is off.
func smtpHost(e *tenant.LeadEmail, getenv func(string) string) string {
	if e.SMTPHostEnv != "" {
		if h := strings.TrimSpace(getenvOr(getenv)(e.SMTPHostEnv)); h != "" {
			return h
		}
	}
	return e.SMTPHost
}

// ActiveDestinations names the site's destinations that are switched on:
// a new lead gets one delivery for each.
func ActiveDestinations(site *tenant.Site, getenv func(string) string) []string {
	var out []string
	for _, d := range site.Leads.Destinations {
		switch {
		case d.Webhook != nil && webhookURL(d.Webhook, getenv) != "":
			out = append(out, d.Name)
		case d.Email != nil && smtpHost(d.Email, getenv) != "":
			out = append(out, d.Name)
		}
	}
	return out
}

// Dispatcher drains the lead outbox: it claims due deliveries, sends each
// to its destination and records the outcome, retrying with exponential
// backoff until the site's max attempts, then dead-lettering.
type Dispatcher struct {
	Store    store.Store
	Sites    *tenant.Registry
	Getenv   func(string) string
	HTTP     *http.Client
	SendMail func(addr string, a smtp.Auth, from string, to []string, msg []byte) error
	Logger   *slog.Logger
	Now      func() time.Time

	BaseDelay   time.Duration // first retry after about this long (default 5 s)
	MaxDelay    time.Duration // retries at most this far apart (default 1 h)
	Poll        time.Duration // how often to look for due deliveries (default 1 s)
	Lease       time.Duration // a claim's lifetime; longer than one send (default 2 min)
	Batch       int           // deliveries claimed at once (default 32)
	Concurrency int           // sends in flight (default 8)
	SMTPTimeout time.Duration // bounds one SMTP conversation (default 30 s)
	// SMTPRoots are the certificate authorities an SMTP server's STARTTLS
	// certificate must chain to; nil trusts the system's.
	SMTPRoots *x509.CertPool
	// Outcome, when set, hears each attempt's outcome: "delivered",
	// "retried" or "dead_lettered" (the operators' metrics).
	Outcome func(site, destination, outcome string)

	once sync.Once
	wake chan struct{}
}

func (d *Dispatcher) init() {
	d.once.Do(func() {
		d.wake = make(chan struct{}, 1)
		if d.HTTP == nil {
			d.HTTP = &http.Client{Timeout: 15 * time.Second}
		}
		if d.SMTPTimeout <= 0 {
			d.SMTPTimeout = 30 * time.Second
		}
		if d.SendMail == nil {
			timeout, roots := d.SMTPTimeout, d.SMTPRoots
			d.SendMail = func(addr string, a smtp.Auth, from string, to []string, msg []byte) error {
				return sendMail(timeout, roots, addr, a, from, to, msg)
			}
		}
		if d.Logger == nil {
			d.Logger = slog.New(slog.DiscardHandler)
		}
		if d.Now == nil {
			d.Now = time.Now
		}
		if d.BaseDelay <= 0 {
			d.BaseDelay = 5 * time.Second
		}
		if d.MaxDelay <= 0 {
			d.MaxDelay = time.Hour
		}
		if d.Poll <= 0 {
			d.Poll = time.Second
		}
		if d.Lease <= 0 {
			d.Lease = 2 * time.Minute
		}
		if d.Batch <= 0 {
			d.Batch = 32
		}
		if d.Concurrency <= 0 {
			d.Concurrency = 8
		}
	})
}

// Wake makes Run look for deliveries now (a lead was just stored).
func (d *Dispatcher) Wake() {
	d.init()
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

// Run delivers until ctx ends. A store error is logged and retried; it
// never stops the server.
func (d *Dispatcher) Run(ctx context.Context) {
	d.init()
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
		case <-d.wake:
		}
		n, err := d.DrainOnce(ctx)
		if err != nil && ctx.Err() == nil {
			d.Logger.Error("lead delivery: claim failed", slog.Any("err", err))
		}
		next := d.Poll
		if n == d.Batch {
			next = 0 // more are waiting
		}
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
		timer.Reset(next)
	}
}

// DrainOnce claims one batch of due deliveries and sends them; it returns
// how many it claimed.
func (d *Dispatcher) DrainOnce(ctx context.Context) (int, error) {
	d.init()
	batch, err := d.Store.ClaimDeliveries(ctx, d.Now(), d.Lease, d.Batch)
	if err != nil {
		return 0, err
	}
	sem := make(chan struct{}, d.Concurrency)
	var wg sync.WaitGroup
	for _, del := range batch {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			d.deliverOne(ctx, del)
		}()
	}
	wg.Wait()
	return len(batch), nil
}

// Backoff is the wait before retry number attempt+1: BaseDelay doubled per
// attempt, capped at MaxDelay, with ±20% jitter so a receiver coming back
// is not hit by every lead at once.
func (d *Dispatcher) Backoff(attempt int) time.Duration {
	d.init()
	wait := d.BaseDelay
	for i := 1; i < attempt && wait < d.MaxDelay; i++ {
		wait *= 2
	}
	wait = min(wait, d.MaxDelay)
	return time.Duration(float64(wait) * (0.8 + 0.4*rand.Float64()))
}

func (d *Dispatcher) deliverOne(ctx context.Context, del store.Delivery) {
	log := d.Logger.With(slog.String("site", del.Site), slog.String("lead_id", del.LeadID),
		slog.String("destination", del.Destination), slog.Int("attempt", del.Attempts))
	err := d.send(ctx, del)
	now := d.Now()
	if err == nil {
		if err := d.Store.DeliverySucceeded(ctx, del.ID, now); err != nil {
			log.Error("lead delivery: could not record success; it will be sent again", slog.Any("err", err))
			return
		}
		log.Info("lead delivered")
		d.outcome(del, "delivered")
		return
	}
	maxAttempts := DefaultMaxAttempts
	if site, ok := d.Sites.BySlug(del.Site); ok && site.Leads.MaxAttempts > 0 {
		maxAttempts = site.Leads.MaxAttempts
	}
	dead := del.Attempts >= maxAttempts
	retryAt := now.Add(d.Backoff(del.Attempts))
	if rerr := d.Store.DeliveryFailed(ctx, del.ID, truncate(err.Error(), 500), retryAt, dead); rerr != nil {
		log.Error("lead delivery: could not record failure", slog.Any("err", rerr))
	}
	if dead {
		d.outcome(del, "dead_lettered")
		log.Error("lead delivery dead-lettered; `forecourt leads retry` requeues it", slog.String("reason", err.Error()))
	} else {
		d.outcome(del, "retried")
		log.Warn("lead delivery failed; will retry", slog.String("reason", err.Error()), slog.Time("retry_at", retryAt))
	}
}

func (d *Dispatcher) outcome(del store.Delivery, outcome string) {
	if d.Outcome != nil {
		d.Outcome(del.Site, del.Destination, outcome)
	}
}

func (d *Dispatcher) send(ctx context.Context, del store.Delivery) error {
	site, ok := d.Sites.BySlug(del.Site)
	if !ok {
		return fmt.Errorf("site %q is no longer configured", del.Site)
	}
	var dest *tenant.LeadDestination
	for i := range site.Leads.Destinations {
		if site.Leads.Destinations[i].Name == del.Destination {
			dest = &site.Leads.Destinations[i]
		}
	}
	if dest == nil {
		return fmt.Errorf("destination %q is no longer configured", del.Destination)
	}
	vendor, err := d.vendor(ctx, site, del.Lead)
	if err != nil {
		return err
	}
	siteURL := "https://" + site.Slug + ".localhost"
	if len(site.Domains) > 0 {
		siteURL = "https://" + site.Domains[0]
	}
	adf, err := ADF(del.Lead, site, vendor, siteURL)
	if err != nil {
		return err
	}
	switch {
	case dest.Webhook != nil:
		return d.sendWebhook(ctx, site, dest.Webhook, del, adf)
	case dest.Email != nil:
		return d.sendEmail(site, dest.Email, del, adf)
	}
	return errors.New("destination has neither webhook nor email")
}

// vendor finds the dealership the lead is for.
func (d *Dispatcher) vendor(ctx context.Context, site *tenant.Site, l catalog.Lead) (Vendor, error) {
	ds, err := d.Store.Dealerships(ctx, site.Slug)
	if err != nil {
		return Vendor{}, err
	}
	for _, dl := range ds {
		if dl.Slug == l.DealershipSlug || (len(ds) == 1 && l.DealershipSlug == "") {
			v := Vendor{Slug: dl.Slug, Name: dl.Name, Email: dl.Email, Phone: dl.Phone}
			for _, w := range dl.Websites {
				if w.URL != "" {
					v.URL = w.URL
					break
				}
			}
			return v, nil
		}
	}
	return Vendor{Name: site.Name}, nil
}

// WebhookBody is the JSON a webhook receives.
type WebhookBody struct {
	LeadID   string      `json:"lead_id"`
	Site     string      `json:"site"`
	SiteName string      `json:"site_name"`
	Lead     WebhookLead `json:"lead"`
	ADF      string      `json:"adf"`
}

// webhookJSON is the body a webhook receives for del.
func webhookJSON(site *tenant.Site, del store.Delivery, adf []byte) ([]byte, error) {
	return json.Marshal(WebhookBody{LeadID: del.LeadID, Site: site.Slug, SiteName: site.Name, Lead: webhookLead(del.Lead), ADF: string(adf)})
}

// Sign is the signature header value for body.
func Sign(secret, body []byte) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write(body)
	return "sha256=" + hex.EncodeToString(mac.Sum(nil))
}

func (d *Dispatcher) sendWebhook(ctx context.Context, site *tenant.Site, w *tenant.LeadWebhook, del store.Delivery, adf []byte) error {
	url := webhookURL(w, d.Getenv)
	if url == "" {
		return errors.New("webhook address is not set")
	}
	body, err := webhookJSON(site, del, adf)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("webhook address is not usable: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Forecourt-Leads/1.0")
	// One key per lead: the same lead sent again, after a timeout or a
	// crash, carries the same key.
	req.Header.Set(IdempotencyHeader, del.LeadID)
	req.Header.Set(AttemptHeader, strconv.Itoa(del.Attempts))
	if w.SecretEnv != "" {
		secret := getenvOr(d.Getenv)(w.SecretEnv)
		if secret == "" {
			return fmt.Errorf("webhook secret %s is not set; leads are never sent unsigned", w.SecretEnv)
		}
		req.Header.Set(SignatureHeader, Sign([]byte(secret), body))
	}
	res, err := d.HTTP.Do(req)
	if err != nil {
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return errors.New("webhook timed out")
		}
		return errors.New("webhook unreachable")
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	res.Body.Close()
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return fmt.Errorf("webhook answered %d", res.StatusCode)
	}
	return nil
}

// EmailMessage builds the ADF email: the ADF document is the body, which
// is how dealer CRMs take leads in by email.
func EmailMessage(site *tenant.Site, e *tenant.LeadEmail, del store.Delivery, adf []byte, now time.Time) []byte {
	var b bytes.Buffer
	subject := "Website lead: " + formLabel(del.Lead)
	if c := del.Lead.Car; c != nil {
		subject += fmt.Sprintf(" - %d %s %s (stock %s)", c.Year, c.Make, c.Model, c.StockNum)
	}
	hdr := func(k, v string) { fmt.Fprintf(&b, "%s: %s\r\n", k, v) }
	hdr("From", e.From)
	hdr("To", strings.Join(e.To, ", "))
	hdr("Subject", mime.QEncoding.Encode("utf-8", subject))
	hdr("Date", now.Format(time.RFC1123Z))
	hdr("Message-ID", "<"+del.LeadID+"."+del.Destination+"@"+site.Slug+".forecourt>")
	hdr("X-Forecourt-Lead-ID", del.LeadID)
	hdr("MIME-Version", "1.0")
	hdr("Content-Type", "text/plain; charset=utf-8")
	hdr("Content-Transfer-Encoding", "quoted-printable")
	b.WriteString("\r\n")
	qp := quotedprintable.NewWriter(&b)
	_, _ = qp.Write(bytes.ReplaceAll(adf, []byte("\n"), []byte("\r\n")))
	_ = qp.Close()
	return b.Bytes()
}

func (d *Dispatcher) sendEmail(site *tenant.Site, e *tenant.LeadEmail, del store.Delivery, adf []byte) error {
	host := smtpHost(e, d.Getenv)
	if host == "" {
		return errors.New("SMTP server is not set")
	}
	// With a user name the server must take AUTH PLAIN, which net/smtp
	// sends only over TLS (or to this machine).
	var auth smtp.Auth
	get := getenvOr(d.Getenv)
	if user := get(e.UsernameEnv); e.UsernameEnv != "" && user != "" {
		hostname, _, _ := net.SplitHostPort(host)
		auth = smtp.PlainAuth("", user, get(e.PasswordEnv), hostname)
	}
	if err := d.SendMail(host, auth, e.From, e.To, EmailMessage(site, e, del, adf, d.Now())); err != nil {
		return fmt.Errorf("SMTP: %s", firstLine(err.Error()))
	}
	return nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// sendMail is smtp.SendMail with a deadline (a server that stops answering
// cannot hold a delivery past its lease): it dials, upgrades to TLS when
// the server offers STARTTLS (its certificate checked against roots, or
// the system's when nil), authenticates when asked, and sends.
func sendMail(timeout time.Duration, roots *x509.CertPool, addr string, a smtp.Auth, from string, to []string, msg []byte) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	conn, err := net.DialTimeout("tcp", addr, timeout)
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := conn.SetDeadline(time.Now().Add(timeout)); err != nil {
		return err
	}
	c, err := smtp.NewClient(conn, host)
	if err != nil {
		return err
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok {
		if err := c.StartTLS(&tls.Config{ServerName: host, RootCAs: roots, MinVersion: tls.VersionTLS12}); err != nil {
			return err
		}
	}
	if a != nil {
		if err := c.Auth(a); err != nil {
			return err
		}
	}
	if err := c.Mail(from); err != nil {
		return err
	}
	for _, rcpt := range to {
		if err := c.Rcpt(rcpt); err != nil {
			return err
		}
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(msg); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}
