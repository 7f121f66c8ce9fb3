// Package ssr draws a page's first screen to HTML with the React app's own
// components. The drawing is done by Node processes running the web app's
// server build (web/ssr/render.mjs): a Pool of render workers this process
// starts and supervises, or a render tier on machines of its own (Remote).
// Both speak the same small HTTP protocol: POST /render with the page's
// URL, its site and where to fetch the site's API, answered with the
// markup, the data it was drawn from and the page's status.
package ssr

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Request is one page to draw.
type Request struct {
	URL    string          `json:"url"`    // path and query
	Origin string          `json:"origin"` // scheme and host the visitor asked
	Site   json.RawMessage `json:"site"`   // the site's public config (GET /api/site)
	// API is where the worker fetches the site's API ("unix:/path.sock" or
	// an http(s) base URL); "" lets the renderer choose its own.
	API  string `json:"api"`
	Host string `json:"host"` // sent as Host with each API request
}

// Page is a rendered first screen: the markup inside #root, the data it was
// drawn from (a JSON document for the browser to start from) and the
// status the router gives it.
type Page struct {
	HTML   string `json:"html"`
	State  string `json:"state"`
	Status int    `json:"status"`
}

// Renderer draws pages: a Pool or a Remote.
type Renderer interface {
	Render(ctx context.Context, req Request) (Page, error)
}

// DefaultTimeout bounds one render.
const DefaultTimeout = 5 * time.Second

var (
	// ErrRedirect is returned for a URL the router redirects.
	ErrRedirect = errors.New("ssr: the router redirects this URL")
	// ErrNoNode is returned by NewPool when there is no node to run.
	ErrNoNode = errors.New("ssr: node not found")
	// ErrNoBundle is returned by NewPool when the binary carries no server
	// build of the web app (built before the web app was).
	ErrNoBundle = errors.New("ssr: the web app's server build is missing")
	// ErrTimeout is a render that took longer than its timeout.
	ErrTimeout = errors.New("ssr: the render took too long")
)

// lostError is a render lost with its connection (the worker died, or the
// link to it broke) rather than one the worker failed: worth one more try
// elsewhere.
type lostError struct{ err error }

func (e lostError) Error() string { return "ssr: render lost: " + e.err.Error() }
func (e lostError) Unwrap() error { return e.err }

func isLost(err error) bool {
	var l lostError
	return errors.As(err, &l)
}

// answer is what a worker answers to POST /render.
type answer struct {
	Page
	Redirect bool   `json:"redirect"`
	Error    string `json:"error"`
}

// maxAnswer bounds a worker's answer; a first screen is tens of KB.
const maxAnswer = 16 << 20

// post sends one render to url (a worker's or a render tier's /render).
// The error is a lostError when no answer came back.
func post(ctx context.Context, c *http.Client, url string, body []byte) (Page, error) {
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return Page{}, err
	}
	hreq.Header.Set("Content-Type", "application/json")
	res, err := c.Do(hreq)
	if err != nil {
		return Page{}, lostError{err}
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, maxAnswer))
	if err != nil {
		return Page{}, lostError{err}
	}
	var a answer
	if err := json.Unmarshal(data, &a); err != nil {
		return Page{}, fmt.Errorf("ssr: the renderer answered %d, not JSON: %.200q", res.StatusCode, data)
	}
	switch {
	case res.StatusCode != http.StatusOK:
		return Page{}, fmt.Errorf("ssr: the renderer answered %d: %s", res.StatusCode, a.Error)
	case a.Redirect:
		return Page{}, ErrRedirect
	}
	if a.Status == 0 {
		a.Status = http.StatusOK
	}
	return a.Page, nil
}

// Remote sends renders to a render tier (forecourt render) over HTTP.
type Remote struct {
	URL string // the tier's base URL; renders go to URL + "/render"
	// API is where the tier's workers fetch the site's API; "" is each
	// page's own origin.
	API     string
	Timeout time.Duration // per render; 0 is DefaultTimeout
	Client  *http.Client  // nil is a client keeping connections open
}

// NewRemote returns a Remote for the tier at url.
func NewRemote(url, api string) *Remote {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = 64 // many renders at once to one address
	return &Remote{URL: url, API: api, Client: &http.Client{Transport: t}}
}

// Render draws req on the render tier; a render lost with its connection
// is sent once more.
func (r *Remote) Render(ctx context.Context, req Request) (Page, error) {
	if req.API == "" {
		req.API = r.API
	}
	if req.API == "" {
		req.API = req.Origin
	}
	body, err := json.Marshal(req)
	if err != nil {
		return Page{}, err
	}
	c := r.Client
	if c == nil {
		c = http.DefaultClient
	}
	timeout := r.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	url := r.URL + "/render"
	for try := 0; ; try++ {
		rctx, cancel := context.WithTimeoutCause(ctx, timeout, ErrTimeout)
		p, err := post(rctx, c, url, body)
		cause := context.Cause(rctx)
		cancel()
		if errors.Is(cause, ErrTimeout) && ctx.Err() == nil {
			return Page{}, ErrTimeout
		}
		if err == nil || try > 0 || !isLost(err) || ctx.Err() != nil {
			return p, err
		}
	}
}
