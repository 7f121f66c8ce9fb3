package leads

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
)

// MaxMiscellaneousBody bounds POST /api/miscellaneous's body.
const MaxMiscellaneousBody = 64 << 10

// miscellaneousRecord is docs/behaviour/calls.md's POST /api/miscellaneous body:
// a result to keep, named by column_name ('valuation').
type miscellaneousRecord struct {
	ColumnName string          `json:"column_name"`
	LeadID     any             `json:"lead_id"`
	Valuation  json.RawMessage `json:"valuation"`
	// Email is an unsubscribe request's address (/pages/unsubscribe).
	Email string `json:"email"`
}

var miscellaneousColumns = map[string]bool{"valuation": true, "unsubscribe": true}

// ParseMiscellaneous reads POST /api/miscellaneous's body into the record
// the site's miscellaneous log keeps for the dealer (its CreatedAt left to
// the caller): a trade-in valuation with the lead it belongs to, or an
// unsubscribe request, whose address must be one. What it cannot keep is
// an invalid error.
func ParseMiscellaneous(body []byte) (store.ValuationRecord, error) {
	var rec miscellaneousRecord
	if err := json.Unmarshal(body, &rec); err != nil {
		return store.ValuationRecord{}, catalog.Errorf(catalog.EInvalid, "The request must be a JSON object with column_name 'valuation'.")
	}
	if !miscellaneousColumns[rec.ColumnName] {
		return store.ValuationRecord{}, &catalog.Error{Code: catalog.EInvalid, Message: "Unknown column_name.",
			Fields: map[string]string{"column_name": "column_name must be 'valuation' or 'unsubscribe'."}}
	}
	if rec.ColumnName == "unsubscribe" {
		// Kept for the dealer's mailing list.
		email := strings.TrimSpace(rec.Email)
		if len(email) > 254 || !ValidEmail(email) {
			return store.ValuationRecord{}, &catalog.Error{Code: catalog.EInvalid, Message: "Please enter a valid email address.",
				Fields: map[string]string{"email": "Please enter a valid email address."}}
		}
		data, _ := json.Marshal(map[string]string{"email": email})
		return store.ValuationRecord{ColumnName: rec.ColumnName, Data: data}, nil
	}
	leadID := ""
	switch v := rec.LeadID.(type) {
	case string:
		leadID = strings.TrimSpace(v)
	case float64:
		leadID = strconv.FormatFloat(v, 'f', -1, 64)
	}
	if len(leadID) > 200 {
		return store.ValuationRecord{}, &catalog.Error{Code: catalog.EInvalid, Message: "lead_id is too long.",
			Fields: map[string]string{"lead_id": "lead_id is too long."}}
	}
	data := rec.Valuation
	if len(bytes.TrimSpace(data)) == 0 || string(bytes.TrimSpace(data)) == "null" {
		data = body // the whole result, when it is not nested under "valuation"
	}
	return store.ValuationRecord{ColumnName: rec.ColumnName, LeadID: leadID, Data: data}, nil
}
