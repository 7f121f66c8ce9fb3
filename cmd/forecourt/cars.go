package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
)

// runCarsReserve marks a car reserved once the dealer has confirmed a
// buyer's reserve request (or, with --release, frees it again). A buyer
// never reserves a car by themselves. The save bumps the site's stock, so a
// running server shows the Reserved tag within a second or so, as after an
// import.
func runCarsReserve(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fset := newFlags("cars reserve", stderr)
	dataDir := fset.String("data", "data", "directory of the SQLite database")
	siteSlug := fset.String("site", "", "slug of the site")
	carRef := fset.String("car", "", "the car's slug or stock number")
	release := fset.Bool("release", false, "free the car again instead of reserving it")
	tenantsDir := fset.String("tenants", "", "directory of site configs (default: the built-in demo sites)")
	if err := fset.Parse(args); err != nil {
		return err
	}
	if *siteSlug == "" || *carRef == "" {
		return errors.New("cars reserve needs --site and --car")
	}
	if err := requireSite(*tenantsDir, *siteSlug); err != nil {
		return err
	}
	st, _, err := openStore(ctx, *dataDir, getenv)
	if err != nil {
		return err
	}
	defer st.Close()
	car, err := findCar(ctx, st, *siteSlug, strings.TrimSpace(*carRef))
	if err != nil {
		return err
	}
	switch {
	case *release && !car.Reserved:
		fmt.Fprintf(stdout, "%s (%s, stock %s) is not reserved; nothing changed\n", car.Name, car.Slug, car.StockNum)
		return nil
	case !*release && car.Reserved:
		fmt.Fprintf(stdout, "%s (%s, stock %s) is already reserved; nothing changed\n", car.Name, car.Slug, car.StockNum)
		return nil
	case !*release && !car.Available():
		return fmt.Errorf("%s (%s) is %s: only a car in stock or coming soon can be reserved", car.Name, car.Slug, car.Status)
	}
	car.Reserved = !*release
	car.UpdatedAt = time.Now()
	if err := st.SaveCars(ctx, *siteSlug, []catalog.Car{car}); err != nil {
		return err
	}
	verb := "reserved"
	if *release {
		verb = "released"
	}
	fmt.Fprintf(stdout, "%s %s (%s, stock %s) on %s\n", verb, car.Name, car.Slug, car.StockNum, *siteSlug)
	return nil
}

// findCar finds one of the site's cars by slug, else by stock number.
func findCar(ctx context.Context, st store.Store, site, ref string) (catalog.Car, error) {
	car, err := st.CarBySlug(ctx, site, ref)
	if err == nil {
		return car, nil
	}
	if catalog.ErrorCode(err) != catalog.ENotFound {
		return catalog.Car{}, err
	}
	cars, err := st.Cars(ctx, site)
	if err != nil {
		return catalog.Car{}, err
	}
	var found []catalog.Car
	for _, c := range cars {
		if c.StockNum != "" && strings.EqualFold(c.StockNum, ref) {
			found = append(found, c)
		}
	}
	switch len(found) {
	case 0:
		return catalog.Car{}, fmt.Errorf("%s has no car with slug or stock number %q", site, ref)
	case 1:
		return found[0], nil
	}
	return catalog.Car{}, fmt.Errorf("%d cars of %s have stock number %q; name the car by its slug", len(found), site, ref)
}
