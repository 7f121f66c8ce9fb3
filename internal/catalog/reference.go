package catalog

import "crypto/sha256"

// referenceAlphabet leaves out the letters and digits that sound or look
// alike when read out on the phone or copied by hand (0/O, 1/I/L, U/V).
const referenceAlphabet = "23456789ABCDEFGHJKMNPQRSTWXYZ"

// ReferenceLength is how many characters a lead reference has.
const ReferenceLength = 8

// LeadReference is the short reference a buyer quotes for their lead: 8
// characters from an alphabet without look-alikes, derived from the lead's
// id, so the same lead always has the same reference.
func LeadReference(leadID string) string {
	sum := sha256.Sum256([]byte(leadID))
	out := make([]byte, ReferenceLength)
	for i := range out {
		// Two bytes per character keep the bias of the modulo small.
		n := int(sum[2*i])<<8 | int(sum[2*i+1])
		out[i] = referenceAlphabet[n%len(referenceAlphabet)]
	}
	return string(out)
}
