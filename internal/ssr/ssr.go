// Package ssr renders a page's first screen to HTML with the React app's
// own components, run in a JavaScript engine inside the server (no Node, no
// cgo). The script is the web app's server build (web/ssr/render.js); the
// data it needs comes from the site's own API, answered in-process.
package ssr

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/dop251/goja"
	_ "time/tzdata" // the pages' time zones, on any machine
)

// Answer is one in-process API answer.
type Answer struct {
	Status int    `json:"status"`
	Body   string `json:"body"`
	Type   string `json:"type"`
}

// Fetch answers a GET of the site's API for one render.
type Fetch func(path string) Answer

// Page is a rendered first screen: the markup inside #root, the data it was
// drawn from (a JSON document for the browser to start from) and the
// status the router gives it.
type Page struct {
	HTML   string
	State  string
	Status int
}

// ErrRedirect is returned for a URL the router redirects.
var ErrRedirect = errors.New("ssr: the router redirects this URL")

// Renderer keeps a few engines loaded with the script, at most one render
// at a time in each.
type Renderer struct {
	prg     *goja.Program
	slots   chan struct{}
	idle    chan *engine
	Timeout time.Duration
	Logger  *slog.Logger
}

type engine struct {
	rt     *goja.Runtime
	render goja.Callable
	fetch  Fetch
}

// New compiles the script; engines load it on first use (a few hundred
// milliseconds each). size is how many renders may run at once.
func New(script []byte, size int) (*Renderer, error) {
	if len(script) == 0 {
		return nil, errors.New("ssr: the server build of the web app is empty")
	}
	prg, err := goja.Compile("render.js", string(script), false)
	if err != nil {
		return nil, fmt.Errorf("ssr: compile: %w", err)
	}
	if size < 1 {
		size = 1
	}
	r := &Renderer{prg: prg, slots: make(chan struct{}, size), idle: make(chan *engine, size), Timeout: 5 * time.Second, Logger: slog.Default()}
	return r, nil
}

func (r *Renderer) load() (*engine, error) {
	e := &engine{rt: goja.New()}
	e.rt.SetFieldNameMapper(goja.TagFieldNameMapper("json", true))
	_ = e.rt.Set("__goFetch", func(path string) Answer {
		if e.fetch == nil {
			return Answer{Status: 503, Body: `{"code":"unavailable","message":"Not available."}`, Type: "application/json"}
		}
		return e.fetch(path)
	})
	_ = e.rt.Set("__goZoned", func(ms float64, zone string) []int {
		loc, err := time.LoadLocation(zone)
		if err != nil || zone == "" || zone == "Local" {
			panic(e.rt.NewTypeError("Invalid time zone specified: " + zone))
		}
		t := time.UnixMilli(int64(ms)).In(loc)
		return []int{t.Year(), int(t.Month()), t.Day(), t.Hour(), t.Minute(), t.Second(), int(t.Weekday())}
	})
	console := e.rt.NewObject()
	for _, name := range []string{"log", "info", "warn", "error", "debug"} {
		_ = console.Set(name, func(c goja.FunctionCall) goja.Value {
			args := make([]any, 0, len(c.Arguments))
			for _, a := range c.Arguments {
				args = append(args, a.String())
			}
			level := slog.LevelDebug
			if name == "error" || name == "warn" {
				level = slog.LevelWarn
			}
			r.Logger.Log(context.Background(), level, "page render console", "level", name, "args", args)
			return goja.Undefined()
		})
	}
	_ = e.rt.Set("console", console)
	if _, err := e.rt.RunProgram(r.prg); err != nil {
		return nil, fmt.Errorf("ssr: load: %w", err)
	}
	fn, ok := goja.AssertFunction(e.rt.Get("__render"))
	if !ok {
		return nil, errors.New("ssr: the script defines no __render")
	}
	e.render = fn
	return e, nil
}

func (r *Renderer) get(ctx context.Context) (*engine, error) {
	select {
	case e := <-r.idle:
		return e, nil
	default:
	}
	select {
	case e := <-r.idle:
		return e, nil
	case r.slots <- struct{}{}:
		e, err := r.load()
		if err != nil {
			<-r.slots
		}
		return e, err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (r *Renderer) put(e *engine) { r.idle <- e }

// drop forgets an engine a render failed in (its state is not to be
// trusted) and frees its slot.
func (r *Renderer) drop() { <-r.slots }

// Render draws url (path and query) for a site whose public config is site
// (JSON), at origin (scheme and host).
func (r *Renderer) Render(ctx context.Context, url, origin string, site []byte, fetch Fetch) (Page, error) {
	e, err := r.get(ctx)
	if err != nil {
		return Page{}, err
	}
	e.fetch = fetch
	stop := time.AfterFunc(r.Timeout, func() { e.rt.Interrupt("ssr: render took too long") })
	page, err := e.call(url, origin, site)
	e.fetch = nil
	if !stop.Stop() || err != nil {
		r.drop()
		if err == nil {
			err = errors.New("ssr: render took too long")
		}
		return Page{}, err
	}
	r.put(e)
	return page, nil
}

func (e *engine) call(url, origin string, site []byte) (p Page, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("ssr: %v", v)
		}
	}()
	v, err := e.render(goja.Undefined(), e.rt.ToValue(url), e.rt.ToValue(origin), e.rt.ToValue(string(site)))
	if err != nil {
		return Page{}, err
	}
	prom, ok := v.Export().(*goja.Promise)
	if !ok {
		return Page{}, errors.New("ssr: __render did not return a promise")
	}
	switch prom.State() {
	case goja.PromiseStateRejected:
		return Page{}, fmt.Errorf("ssr: %v", prom.Result())
	case goja.PromiseStatePending:
		return Page{}, errors.New("ssr: the render did not finish")
	}
	res := prom.Result()
	if goja.IsNull(res) || goja.IsUndefined(res) {
		return Page{}, ErrRedirect
	}
	obj := res.ToObject(e.rt)
	return Page{
		HTML:   obj.Get("html").String(),
		State:  obj.Get("state").String(),
		Status: int(obj.Get("status").ToInteger()),
	}, nil
}
