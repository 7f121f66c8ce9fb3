// Package tenants carries the demo site configurations and their JSON
// Schema inside the binary, so a fresh install serves the demo sites with
// no files beside it.
package tenants

import "embed"

// FS holds every demo site YAML and schema.json at its root.
//
//go:embed *.yaml schema.json
var FS embed.FS
