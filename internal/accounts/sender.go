package accounts

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"
)

// Code is one one-time code on its way to a phone.
type Code struct {
	Site     string // the site's slug
	SiteName string // the dealer's name, for the message
	Phone    string // E.164
	Code     string // 6 digits
}

// Message is the text the buyer receives.
func (c Code) Message() string {
	return fmt.Sprintf("%s is your %s sign-in code. It expires in 10 minutes.", c.Code, c.SiteName)
}

// Sender delivers codes. Errors are not shown to the buyer, only logged.
type Sender interface {
	Send(ctx context.Context, c Code) error
}

// Text is a message to a phone other than a sign-in code: an alert
// (docs/behaviour/http.md#alerts).
type Text struct {
	Site  string // the site's slug
	Kind  string // what the alert reports: new_matches, price_drop
	Phone string // E.164
	Body  string // the whole message
}

// TextSender delivers texts; the senders of sign-in codes are also these.
type TextSender interface {
	SendText(ctx context.Context, t Text) error
}

// LogSender is the development sender (serve --otp-log): it writes the code
// to the server's log, with the phone masked to its last three digits.
type LogSender struct {
	Logger *slog.Logger
}

func (s LogSender) Send(ctx context.Context, c Code) error {
	s.Logger.LogAttrs(ctx, slog.LevelInfo, "one-time code",
		slog.String("site", c.Site), slog.String("phone", Masked(c.Phone)), slog.String("code", c.Code))
	return nil
}

// SendText writes the text to the log as one "alert" line, the phone
// masked; nothing else about the buyer is logged.
func (s LogSender) SendText(ctx context.Context, t Text) error {
	s.Logger.LogAttrs(ctx, slog.LevelInfo, "alert", slog.String("kind", t.Kind),
		slog.String("site", t.Site), slog.String("phone", Masked(t.Phone)), slog.String("text", t.Body))
	return nil
}

// GatewaySender posts each code to an HTTP SMS gateway as JSON
// {"to": "+61412345678", "message": "…"} with the token as a bearer
// credential; any answer but 2xx is a failure.
type GatewaySender struct {
	URL    string
	Token  string
	Client *http.Client // nil: a client with a 10 s timeout
}

func (g GatewaySender) Send(ctx context.Context, c Code) error {
	return g.post(ctx, c.Phone, c.Message())
}

// SendText posts the text the way Send posts a code.
func (g GatewaySender) SendText(ctx context.Context, t Text) error {
	return g.post(ctx, t.Phone, t.Body)
}

func (g GatewaySender) post(ctx context.Context, to, message string) error {
	body, err := json.Marshal(map[string]string{"to": to, "message": message})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.URL, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("sms gateway: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if g.Token != "" {
		req.Header.Set("Authorization", "Bearer "+g.Token)
	}
	client := g.Client
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	res, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("sms gateway: %w", err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return fmt.Errorf("sms gateway answered %s", res.Status)
	}
	return nil
}
