package csvsafe

import (
	"slices"
	"testing"
)

func TestCell(t *testing.T) {
	for in, want := range map[string]string{
		"=HYPERLINK(\"http://evil.example\")": "'=HYPERLINK(\"http://evil.example\")",
		"+1+1":                                "'+1+1",
		"-2+3":                                "'-2+3",
		"@SUM(A1)":                            "'@SUM(A1)",
		"\tcmd":                               "'\tcmd",
		"\rcmd":                               "'\rcmd",
		"":                                    "",
		"Hilux SR5":                           "Hilux SR5",
		"a=b":                                 "a=b",
		"'quoted":                             "'quoted",
	} {
		if got := Cell(in); got != want {
			t.Errorf("Cell(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRow(t *testing.T) {
	row := []string{"rejected", "=1+1", "7", "price", "-5 is below zero"}
	got := Row(row)
	want := []string{"rejected", "'=1+1", "7", "price", "'-5 is below zero"}
	if !slices.Equal(got, want) || !slices.Equal(row, want) {
		t.Errorf("Row = %q (row %q), want %q in place", got, row, want)
	}
}
