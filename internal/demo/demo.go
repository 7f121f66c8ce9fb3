// Package demo builds the deterministic demo sites of docs/behaviour/http.md: dealerships,
// locations, reviews, new-vehicle models and stock, dated relative to a
// reference day so that every rule of docs/behaviour/states.md and docs/behaviour/validation.md has cases
// whatever day the server starts on.
package demo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"
	_ "time/tzdata" // holiday hours need the sites' zones on any machine

	"forecourt/internal/catalog"
	"forecourt/internal/places"
	"forecourt/internal/store"
	"forecourt/internal/tenant"
)

// Site is one demo tenant's data.
type Site struct {
	Slug        string
	Dealerships []catalog.Dealership
	Locations   []catalog.Location
	Reviews     []catalog.Review
	Models      []catalog.Model
	Cars        []catalog.Car
}

// Generate returns the five demo sites, with the dealerships and locations
// their built-in site files declare. The same ref gives the same output:
// every random draw comes from a fixed seed per site and ref only shifts dates.
func Generate(ref time.Time) []Site {
	sites, err := tenant.LoadEmbedded()
	if err != nil {
		panic("the built-in site files are invalid: " + err.Error()) // tenant's tests check them
	}
	return GenerateFor(sites, ref)
}

// GenerateFor returns the demo sites that sites configures (by slug), each
// with the places its file declares.
func GenerateFor(sites *tenant.Registry, ref time.Time) []Site {
	ref = ref.UTC().Truncate(time.Second)
	rs := recipes()
	out := make([]Site, 0, len(rs))
	for i := range rs {
		if site, ok := sites.BySlug(rs[i].Slug); ok {
			out = append(out, generateSite(&rs[i], site, ref))
		}
	}
	return out
}

// Slugs are the demo sites' slugs: the sites the demo has stock for.
func Slugs() []string {
	var out []string
	for _, rc := range recipes() {
		out = append(out, rc.Slug)
	}
	return out
}

// Load saves every built-in demo site through the store.
func Load(ctx context.Context, st store.Store, ref time.Time) error {
	sites, err := tenant.LoadEmbedded()
	if err != nil {
		return err
	}
	return LoadFor(ctx, st, sites, ref)
}

// LoadFor saves the demo stock of the demo sites among sites (a
// deployment's own site files with --demo), with the places the files
// declare.
func LoadFor(ctx context.Context, st store.Store, sites *tenant.Registry, ref time.Time) error {
	for _, s := range GenerateFor(sites, ref) {
		if err := st.ReplacePlaces(ctx, s.Slug, s.Dealerships, s.Locations); err != nil {
			return fmt.Errorf("demo %s places: %w", s.Slug, err)
		}
		if err := st.SaveReviews(ctx, s.Slug, s.Reviews); err != nil {
			return fmt.Errorf("demo %s reviews: %w", s.Slug, err)
		}
		if err := st.SaveModels(ctx, s.Slug, s.Models); err != nil {
			return fmt.Errorf("demo %s models: %w", s.Slug, err)
		}
		// Earlier prices first, so the store records the drops to today's.
		for _, round := range priceRounds(s.Cars, ref.UTC().Truncate(time.Second)) {
			if err := st.SaveCars(ctx, s.Slug, round); err != nil {
				return fmt.Errorf("demo %s price history: %w", s.Slug, err)
			}
		}
		if err := st.SaveCars(ctx, s.Slug, s.Cars); err != nil {
			return fmt.Errorf("demo %s cars: %w", s.Slug, err)
		}
	}
	return nil
}

// Each part has its own stream so that changing, say, the reviews never
// reshuffles the stock.
const (
	streamCars = iota + 1
	_          // the places' stream, before site files declared the places
	streamReviews
	streamModels
)

func newRand(rc *siteRecipe, stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(rc.Seed, stream))
}

func generateSite(rc *siteRecipe, site *tenant.Site, ref time.Time) Site {
	s := Site{Slug: rc.Slug}
	s.Dealerships, s.Locations = places.Build(site, ref)
	s.Reviews = buildReviews(rc, ref, s.Locations, newRand(rc, streamReviews))
	s.Models = buildModels(rc, ref, newRand(rc, streamModels))
	s.Cars = buildCars(rc, ref, s.Dealerships, s.Locations, newRand(rc, streamCars))
	wasPrices(s.Cars, ref)
	return s
}

func reviewID(rc *siteRecipe, n int) int64 { return int64(rc.Index*1000 + 500 + n) }
func modelID(rc *siteRecipe, n int) int64  { return int64(rc.Index*1000 + 800 + n) }
func carID(rc *siteRecipe, n int) int64    { return int64(rc.Index*100000 + 1 + n) }
