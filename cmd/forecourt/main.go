// Command forecourt serves every dealer site from one binary and carries the
// operator's commands: migrate, import, tenants check, leads export, leads
// retry, leads purge, backup, cars reserve and render (a render tier).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "forecourt:", err)
		}
		os.Exit(1)
	}
}

const usage = `Usage: forecourt <command> [flags]

Commands:
  serve          serve every configured site (--addr, --data, --tenants)
  render         draw pages for serve --render-url on a machine of its own: Node
                 render workers behind one address (--addr, --render-workers)
  migrate        bring the database schema up to date (--data)
  import         import a stock feed for one site (--site, --file, --full, --data)
  tenants check  validate every site config (--tenants)
  leads export   write a site's leads as CSV (--site, --since, --data)
  leads retry    requeue a site's dead-lettered lead deliveries (--site, --data)
  leads purge    delete leads received before a date, delivered or not, with their
                 delivery rows (--before YYYY-MM-DD, --site, --dry-run, --data)
  backup         write a consistent copy of the SQLite database while serve runs
                 (--data, --out FILE, --force); PostgreSQL uses its own tools
  cars reserve   mark a car reserved once the dealer confirms a buyer's reserve
                 (--site, --car SLUG_OR_STOCKNUM, --release to free it, --data)

With DATABASE_URL set, PostgreSQL is used instead of the SQLite file under --data.
`

// run is the whole program; main only supplies the process's surroundings.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("no command given")
	}
	switch args[0] {
	case "serve":
		return runServe(ctx, args[1:], getenv, stdout, stderr)
	case "render":
		return runRender(ctx, args[1:], stdout, stderr)
	case "migrate":
		return runMigrate(ctx, args[1:], getenv, stdout, stderr)
	case "import":
		return runImport(ctx, args[1:], getenv, stdout, stderr)
	case "tenants":
		if len(args) < 2 || args[1] != "check" {
			return errors.New("usage: forecourt tenants check [--tenants DIR]")
		}
		return runTenantsCheck(args[2:], stdout, stderr)
	case "leads":
		if len(args) >= 2 && args[1] == "export" {
			return runLeadsExport(ctx, args[2:], getenv, stdout, stderr)
		}
		if len(args) >= 2 && args[1] == "retry" {
			return runLeadsRetry(ctx, args[2:], getenv, stdout, stderr)
		}
		if len(args) >= 2 && args[1] == "purge" {
			return runLeadsPurge(ctx, args[2:], getenv, stdout, stderr)
		}
		return errors.New("usage: forecourt leads export --site SLUG [--since YYYY-MM-DD] [--data DIR]\n       forecourt leads retry --site SLUG [--data DIR]\n" +
			"       forecourt leads purge --before YYYY-MM-DD [--site SLUG] [--dry-run] [--data DIR]")
	case "backup":
		return runBackup(ctx, args[1:], getenv, stdout, stderr)
	case "cars":
		if len(args) >= 2 && args[1] == "reserve" {
			return runCarsReserve(ctx, args[2:], getenv, stdout, stderr)
		}
		return errors.New("usage: forecourt cars reserve --site SLUG --car SLUG_OR_STOCKNUM [--release] [--data DIR]")
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return fmt.Errorf("unknown command %q", args[0])
}
