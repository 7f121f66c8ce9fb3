// Package csvsafe keeps text in the CSV files Forecourt writes for people
// (the leads export, the import report) from running as a formula when the
// file is opened in a spreadsheet.
package csvsafe

import "strings"

// Cell returns cell with a leading single quote when it starts with =, +,
// -, @, a tab or a carriage return: spreadsheets read the quote as "this is
// text" and hide it, so a buyer's or a feed's text is shown, never run.
func Cell(cell string) string {
	if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
		return "'" + cell
	}
	return cell
}

// Row escapes every cell of row in place and returns it.
func Row(row []string) []string {
	for i := range row {
		row[i] = Cell(row[i])
	}
	return row
}
