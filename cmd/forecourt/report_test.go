package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The import's --report CSV is opened in a spreadsheet like the leads
// export, so a stock number or reason that starts like a formula is text.
func TestImportReportEscapesSpreadsheetFormulas(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	feedCSV := "stocknum,year,make,model,car_type,price,km\n" +
		"\"=HYPERLINK(\"\"http://evil.example\"\")\",2021,Toyota,Corolla,used,20000,40000\n" +
		"+SUM(1),2021,Toyota,Corolla,used,20000,40000\n" +
		"@A1,2021,Toyota,Corolla,used,20000,40000\n" +
		"-1,1850,Toyota,Corolla,used,20000,40000\n" +
		"PLAIN1,2021,Toyota,Corolla,used,20000,40000\n"
	feedPath, reportPath := filepath.Join(dir, "stock.csv"), filepath.Join(dir, "report.csv")
	if err := os.WriteFile(feedPath, []byte(feedCSV), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(context.Background(), []string{"import", "--data", dir, "--site", "metro-used-cars", "--file", feedPath, "--report", reportPath},
		noEnv, &out, io.Discard); err != nil {
		t.Fatalf("import: %v\n%s", err, out.String())
	}
	f, err := os.Open(reportPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{} // stock number cell → kind
	for _, r := range rows[1:] {
		got[r[1]] = r[0]
		for _, cell := range r {
			if cell != "" && strings.ContainsAny(cell[:1], "=+-@\t\r") {
				t.Errorf("report row %q has a cell starting a formula: %q", r, cell)
			}
		}
	}
	for cell, kind := range map[string]string{
		`'=HYPERLINK("http://evil.example")`: "added", "'+SUM(1)": "added", "'@A1": "added", "'-1": "rejected", "PLAIN1": "added",
	} {
		if got[cell] != kind {
			t.Errorf("report has %q as %q, want %q; rows %q", cell, got[cell], kind, rows)
		}
	}
}
