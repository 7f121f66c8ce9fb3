package apitypes

import (
	"forecourt/internal/convert"
	"forecourt/internal/tenant"
)

// The site's own pages: GET /api/pages and GET /api/reviews
// (api/openapi.yaml: PageContent, Reviews). Package sitepages works them
// out and imports this package, so the server converts its values.

// ContentPage is GET /api/pages: one configured page of the site, its
// Markdown rendered to sanitised HTML.
type ContentPage struct {
	Path         string        `json:"path"`
	Title        string        `json:"title"`
	Description  string        `json:"description"`
	Component    string        `json:"component,omitempty"`
	HTML         string        `json:"html"`
	FAQs         []FAQ         `json:"faqs"`
	BookingLinks []BookingLink `json:"booking_links"`
}

// FAQ is one question of a page and its answer as HTML.
type FAQ struct {
	Question string `json:"question"`
	HTML     string `json:"html"`
}

// BookingLink is a service-booking link of a page: name, make and URL.
type BookingLink struct {
	Name string `json:"name"`
	Make string `json:"make"`
	URL  string `json:"url"`
}

// FromBookingLinks are the API's views of a page's booking links.
func FromBookingLinks(in []tenant.BookingLink) []BookingLink {
	return convert.List(in, func(l tenant.BookingLink) BookingLink { return BookingLink(l) })
}

// Reviews is GET /api/reviews: the reviews the site shows and its main
// location's rating.
type Reviews struct {
	AverageRating float64  `json:"average_rating"`
	Count         int      `json:"count"`
	Reviews       []Review `json:"reviews"`
}

// Review is one customer review, its dates as dd/MM/yyyy in the site's
// time zone and in words relative to now.
type Review struct {
	ID                int64  `json:"id"`
	Image             string `json:"image"`
	CustomerName      string `json:"customer_name"`
	Text              string `json:"text"`
	Rating            int    `json:"rating"`
	CreatedAgo        string `json:"created_at_time_ago_in_words"`
	ReviewDate        string `json:"review_date"`
	ReviewDateInWords string `json:"review_date_in_words"`
	ReplyText         string `json:"reply_text,omitempty"`
	ReplyDate         string `json:"reply_date,omitempty"`
	ReplyDateInWords  string `json:"reply_date_in_words,omitempty"`
	LocationID        int64  `json:"location_id,omitempty"`
}
