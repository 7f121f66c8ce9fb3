package search

import "forecourt/internal/catalog"

// CarByID finds any car of the catalogue by its numeric id (the car_id of
// finance and trade-in links). A scan is enough: it runs once per page open
// over a few thousand cars in memory.
func (ix *Index) CarByID(id int64) (catalog.Car, bool) {
	for _, c := range ix.all {
		if c.ID == id {
			return c, true
		}
	}
	return catalog.Car{}, false
}
