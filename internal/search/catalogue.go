package search

import "forecourt/internal/catalog"

// Catalogue is every car the index was built from, listed or not (the
// market the price comparison draws on). Callers must not modify it.
func (ix *Index) Catalogue() []catalog.Car { return ix.all }
