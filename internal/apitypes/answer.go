package apitypes

// Answer is a whole JSON body the API answers with. Only this package's
// types can be one, so a handler converts its domain values to these
// types before it writes them: httpjson.Write, the one answer writer,
// takes nothing else, so the compiler holds every handler to it. The values nested in an answer (Car, Hit,
// SavedSearch …) are not answers themselves.
type Answer interface{ answer() }

func (Error) answer()              {}
func (Success) answer()            {}
func (User) answer()               {}
func (CarAnswer) answer()          {}
func (SimilarCars) answer()        {}
func (CompareCars) answer()        {}
func (CarView) answer()            {}
func (Suggestions) answer()        {}
func (LeadCreated) answer()        {}
func (Garage) answer()             {}
func (Watchlist) answer()          {}
func (SavedSearches) answer()      {}
func (SavedSearchCreated) answer() {}
func (AlertSettings) answer()      {}
func (AlertStopped) answer()       {}
func (TradeInOptions) answer()     {}
func (TradeInTargetCar) answer()   {}
func (Postcode) answer()           {}
func (DeliveryQuote) answer()      {}
func (TradeInCar) answer()         {}
func (TradeInValuation) answer()   {}
func (Autogauge) answer()          {}
func (YouxQuote) answer()          {}
func (ModelList) answer()          {}
func (ModelDetail) answer()        {}
func (ContentPage) answer()        {}
func (Reviews) answer()            {}
func (Appointments) answer()       {}
func (AppointmentDays) answer()    {}
