package httpapi

import "net/http"

// routes is the whole HTTP surface on one page.
func (s *Server) routes() http.Handler {
	site := http.NewServeMux()
	site.HandleFunc("GET /api/site", s.handleSite)
	site.HandleFunc("GET /api/locations", s.handleLocations)
	site.HandleFunc("GET /api/search", s.handleSearch)
	site.HandleFunc("GET /api/suggest", s.handleSuggest)
	site.HandleFunc("GET /api/cars", s.handleCarsByID) // the compare page: ?ids=1,2,3
	site.HandleFunc("GET /api/cars/{slug}", s.handleCar)
	site.HandleFunc("GET /api/cars/{slug}/similar", s.handleSimilar)
	// Vehicle page: price comparison, views, phone reveals, printable sheet,
	// history report.
	site.HandleFunc("GET /api/cars/{slug}/autogauge", s.handleAutogauge)
	site.HandleFunc("GET /api/cars/{slug}/view.json", s.handleCarView)
	site.HandleFunc("POST /api/cars/{slug}/call-reveal", s.handleCallReveal)
	site.HandleFunc("GET /api/cars/{slug}/print.pdf", s.handleCarPDF)
	site.HandleFunc("GET /api/cars/{slug}/history-report.pdf", s.handleHistoryReport)
	// Finance: the indicative credit-check quote and the car a finance link names.
	site.HandleFunc("POST /api/youx/quote", s.handleYouxQuote)
	site.HandleFunc("GET /api/finance/cars/{id}", s.handleFinanceCar)
	// Buyer tools: postcodes, delivery quote, trade-in valuation.
	site.HandleFunc("GET /api/postcodes/{postcode}", s.handlePostcode)
	site.HandleFunc("GET /api/delivery-quote", s.handleDeliveryQuote)
	site.HandleFunc("GET /api/trade-in/options", s.handleTradeInOptions)
	site.HandleFunc("GET /api/trade-in/car", s.handleTradeInCar)
	site.HandleFunc("GET /api/trade-in/rego", s.handleTradeInRego)
	site.HandleFunc("POST /api/trade-in/valuation", s.handleTradeInValuation)
	site.HandleFunc("POST /api/miscellaneous", s.handleMiscellaneous)
	// Leads: enquiry forms, test-drive times, analytics events.
	site.HandleFunc("POST /api/leads", s.handleCreateLead)
	site.HandleFunc("GET /api/appointments", s.handleAppointments)
	site.HandleFunc("GET /api/appointments/days", s.handleAppointmentDays)
	site.HandleFunc("POST /api/events", s.handleEvent)
	// Models: the New Vehicles menu.
	site.HandleFunc("GET /api/models", s.handleModels)
	// The site's configured pages (about us, warranty, FAQs, …).
	site.HandleFunc("GET /api/pages", s.handleContentPage)
	// Reviews: the site's sample set for the home strip and locations pages.
	site.HandleFunc("GET /api/reviews", s.handleReviews)
	site.HandleFunc("GET /api/models/{slug}", s.handleModel)
	// Accounts: phone sign-in, the session, the watchlist, saved searches
	// and the garage (docs/behaviour/http.md#sign-in).
	site.HandleFunc("POST /api/auth/otp", s.accounts.RequestCode)
	site.HandleFunc("POST /api/auth/verify", s.accounts.Verify)
	site.HandleFunc("POST /api/auth/sign-out", s.accounts.SignOut)
	site.HandleFunc("GET /api/me", s.accounts.Me)
	site.HandleFunc("GET /api/watchlist", s.accounts.Watchlist)
	site.HandleFunc("POST /api/watchlist/save-car", s.accounts.WatchlistSave)
	site.HandleFunc("POST /api/watchlist/remove-car", s.accounts.WatchlistRemove)
	site.HandleFunc("GET /api/saved-searches", s.accounts.SavedSearches)
	site.HandleFunc("POST /api/saved-searches", s.accounts.CreateSavedSearch)
	site.HandleFunc("DELETE /api/saved-searches/{id}", s.accounts.DeleteSavedSearch)
	site.HandleFunc("POST /api/saved-searches/{id}/seen", s.accounts.SavedSearchSeen)
	site.HandleFunc("PATCH /api/saved-searches/{id}", s.accounts.SavedSearchAlert)
	site.HandleFunc("GET /api/me/alerts", s.accounts.AlertSettings)
	site.HandleFunc("PUT /api/me/alerts", s.accounts.SetAlertSettings)
	site.HandleFunc("POST /api/alerts/stop", s.accounts.StopAlert)
	site.HandleFunc("GET /api/garage", s.accounts.Garage)
	site.HandleFunc("/api/", s.handleAPINotFound)
	if s.Media != nil {
		site.HandleFunc("GET /img/", s.handleImage) // only the site's own pictures
		site.Handle("GET /media/demo.mp4", s.Media) // the demo stock's video
	}
	site.HandleFunc("GET /site.css", s.pages.SiteCSS)
	site.HandleFunc("GET /robots.txt", s.pages.Robots)
	site.HandleFunc("GET /sitemap.xml", s.pages.Sitemap)
	site.HandleFunc("GET /assets/", s.pages.Asset)
	site.HandleFunc("/", s.pages.Page) // every other URL: a page, or the site's 404

	s.siteMux = site
	root := http.NewServeMux()
	root.HandleFunc("GET /healthz", s.handleHealth)
	root.Handle("/", s.withSite(s.jsonBodies(routed(site))))
	return s.middleware(root)
}
