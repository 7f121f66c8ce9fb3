// Package web holds the built React app and its page routes for the Go
// server to embed.
package web

import "embed"

// Dist is the vite build output (web/dist); dist/placeholder.txt keeps the
// directory present before the first build.
//
//go:embed all:dist
var Dist embed.FS

// Routes is routes.json: the app's route table, each route with the view
// it draws and, for a core route, its ServeMux patterns; generated from
// src/config/routes.ts by `npm run gen:routes` (sitepages.Routes reads it).
//
//go:embed routes.json
var Routes []byte

// SSR is the web app's server build (ssr/render.mjs), which the server's
// Node render workers run to draw pages' first screens; ssr/placeholder.txt
// keeps the directory present before the first build.
//
//go:embed all:ssr
var SSR embed.FS
