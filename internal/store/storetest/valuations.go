package storetest

import (
	"encoding/json"
	"testing"

	"forecourt/internal/store"
)

// testValuationRecords: valuations kept through POST /api/miscellaneous
// (docs/behaviour/calls.md) come back per site, oldest first, data intact.
func testValuationRecords(t *testing.T, s store.Store) {
	if rs, err := s.ValuationRecords(ctx, siteA); err != nil || len(rs) != 0 {
		t.Fatalf("empty site: %v, %v", rs, err)
	}
	data := json.RawMessage(`{"estimate":true,"low":18400,"high":21100,"car":{"make":"Toyota","model":"Corolla"}}`)
	id1, err := s.SaveValuationRecord(ctx, siteA, store.ValuationRecord{ColumnName: "valuation", LeadID: "lead-1", Data: data})
	if err != nil || id1 == 0 {
		t.Fatalf("save: %d, %v", id1, err)
	}
	id2, err := s.SaveValuationRecord(ctx, siteA, store.ValuationRecord{ColumnName: "valuation", Data: json.RawMessage(`{"estimate":false}`)})
	if err != nil || id2 == id1 {
		t.Fatalf("second save: %d, %v", id2, err)
	}
	rs, err := s.ValuationRecords(ctx, siteA)
	if err != nil || len(rs) != 2 {
		t.Fatalf("records: %v, %v", rs, err)
	}
	var got, want map[string]any
	_ = json.Unmarshal(rs[0].Data, &got)
	_ = json.Unmarshal(data, &want)
	if rs[0].ID != id1 || rs[0].LeadID != "lead-1" || rs[0].ColumnName != "valuation" || got["low"] != want["low"] || rs[0].CreatedAt.IsZero() {
		t.Errorf("first record %+v %s", rs[0], rs[0].Data)
	}
	if rs, _ := s.ValuationRecords(ctx, siteB); len(rs) != 0 {
		t.Errorf("another site sees %d valuation records", len(rs))
	}
}
