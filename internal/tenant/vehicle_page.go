package tenant

// VehiclePage is how the vehicle detail page behaves for the site (the
// vehicle_page section; defaults in tenants/schema.json).
type VehiclePage struct {
	// ShareToast: after Share, a 3 s toast 'Copied {vehicle name} to your
	// clipboard!' instead of 'Copied' for 1.5 s (docs/behaviour/states.md#forms).
	ShareToast bool `yaml:"share_toast" json:"share_toast"`
	// WhyBuy are the 'Why Buy From Us?' points; the warranty line follows.
	WhyBuy []string `yaml:"why_buy" json:"why_buy"`
	// PodiumChat: a podium chat token is configured, so Instant Message
	// never replaces Enquire Now (docs/behaviour/roles.md).
	PodiumChat bool `yaml:"podium_chat" json:"podium_chat"`
	// StrictReserve: reserve only cars in stock, not reserved, priced above
	// 200 (docs/behaviour/states.md#availability).
	StrictReserve bool `yaml:"strict_reserve" json:"strict_reserve"`
	// FinanceEnquiryButton: a 'Get Finance Now' button opens the 'Finance
	// Enquiry' modal (docs/behaviour/screens.md#dialogs-and-forms; event 9).
	FinanceEnquiryButton bool `yaml:"finance_enquiry_button" json:"finance_enquiry_button"`
	// MechanicalProtection, when set, is the first 'Why {dealer}?' point,
	// worked out for each car (docs/behaviour/screens.md#vehicle-other-blocks; why_us
	// then holds the points after it.
	MechanicalProtection *MechanicalProtection `yaml:"mechanical_protection" json:"mechanical_protection,omitempty"`
}

// MechanicalProtection reads 'Mechanical protection of {Years} years', or
// BrandYears for a car whose make is one of Brands.
type MechanicalProtection struct {
	Years      int      `yaml:"years" json:"years"`
	BrandYears int      `yaml:"brand_years" json:"brand_years"`
	Brands     []string `yaml:"brands" json:"brands"`
}
