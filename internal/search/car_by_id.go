package search

import "forecourt/internal/catalog"

// CarByID finds any car of the catalogue by its numeric id (the car_id of
// finance and trade-in links), listed or not.
func (ix *Index) CarByID(id int64) (catalog.Car, bool) {
	i, ok := ix.byID[id]
	if !ok {
		return catalog.Car{}, false
	}
	return ix.all[i], true
}
