package ssr

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
)

// maxRequest bounds a render request: a site's public config is a few KB.
const maxRequest = 4 << 20

// Handler is the render tier's HTTP face (forecourt render): POST /render
// draws a page on r and answers as a worker does; GET /healthz answers ok.
func Handler(r Renderer, log *slog.Logger) http.Handler {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = io.WriteString(w, "ok")
	})
	mux.HandleFunc("POST /render", func(w http.ResponseWriter, hr *http.Request) {
		var req Request
		if err := json.NewDecoder(io.LimitReader(hr.Body, maxRequest)).Decode(&req); err != nil || req.URL == "" || req.API == "" {
			writeAnswer(w, http.StatusBadRequest, map[string]string{"error": "the body is not a render request with a url and an api"})
			return
		}
		page, err := r.Render(hr.Context(), req)
		switch {
		case errors.Is(err, ErrRedirect):
			writeAnswer(w, http.StatusOK, map[string]bool{"redirect": true})
		case err != nil:
			log.Warn("page render", "host", req.Host, "url", req.URL, "err", err)
			writeAnswer(w, http.StatusInternalServerError, map[string]string{"error": err.Error()})
		default:
			writeAnswer(w, http.StatusOK, page)
		}
	})
	return mux
}

func writeAnswer(w http.ResponseWriter, status int, a any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(a)
}
