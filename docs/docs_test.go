// Package docs holds no code: its tests keep the code's comments pointing
// at rules that exist.
//
// Comments in the code cite the rules they follow in the repository's own
// docs (docs/behaviour/*.md with an #anchor), so a reader can open the
// rule, and a rule that moves or is renamed shows up here instead of leaving
// a comment that points nowhere. Numbered parts of documents outside the
// repository, and tracker numbers, cannot be opened from the repository, so
// the comments state the rule or the reason instead.
package docs

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// repoRoot is the repository's top directory, seen from this package's
// directory (go test runs a package's tests in its own directory).
const repoRoot = ".."

// codeExts are the kinds of file whose comments are checked.
var codeExts = []string{".go", ".ts", ".tsx", ".mjs", ".lua", ".sh"}

// skipDirs are directories that hold no code of the repository's own:
// installed packages, build output, Git's store and test reports.
var skipDirs = []string{"node_modules", "dist", ".git", "test-results"}

// outsideRef finds a citation by number that the repository cannot resolve:
// the word for a numbered part of a document, or for a tracker entry,
// followed by a number ("sections" and "issues" too).
var outsideRef = regexp.MustCompile(`(?i)\b(section|issue)s?[ \t]+[0-9]`)

// docRef finds a citation of a Markdown file under docs/, with its optional
// #anchor. The path is written from the repository root ("docs/…"), or
// relative with leading "../" steps, which lead to the same docs directory.
// The character before "docs/" must not continue a path, so that a
// "docs" directory elsewhere is not taken for this one.
var docRef = regexp.MustCompile(`(?:^|[^A-Za-z0-9_./-])(?:\.\./)*docs/((?:[A-Za-z0-9_-]+/)*[A-Za-z0-9_.-]+?\.md)(?:#([A-Za-z0-9_-]+))?`)

// TestCommentsCiteRepositoryDocs walks the repository's code and fails for
// every citation of a numbered outside part or a tracker number, and for
// every docs/….md citation whose file or #anchor does not exist.
func TestCommentsCiteRepositoryDocs(t *testing.T) {
	var numbered, broken []string
	// cited counts the docs/….md citations seen, to tell a wrong root from a
	// clean tree; anchors maps each cited doc to its anchors (nil: missing).
	cited := 0
	anchors := map[string]map[string]bool{}

	err := filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != repoRoot && slices.Contains(skipDirs, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !slices.Contains(codeExts, filepath.Ext(path)) {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(repoRoot, path)
		rel = filepath.ToSlash(rel)

		sc := bufio.NewScanner(bytes.NewReader(src))
		sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			where := fmt.Sprintf("%s:%d", rel, n)
			for _, m := range outsideRef.FindAllString(line, -1) {
				numbered = append(numbered, fmt.Sprintf("%s: %q", where, m))
			}
			for _, m := range docRef.FindAllStringSubmatch(line, -1) {
				cited++
				doc, anchor := "docs/"+m[1], m[2]
				known, seen := anchors[doc]
				if !seen {
					known = docAnchors(t, filepath.Join(repoRoot, filepath.FromSlash(doc)))
					anchors[doc] = known
				}
				switch {
				case known == nil:
					broken = append(broken, fmt.Sprintf("%s: %s does not exist", where, doc))
				case anchor != "" && !known[anchor]:
					broken = append(broken, fmt.Sprintf("%s: %s has no anchor #%s", where, doc, anchor))
				}
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatalf("walking the repository: %v", err)
	}

	if cited == 0 {
		t.Fatalf("found no docs/….md citation under %s: is the repository root right?", repoRoot)
	}
	if len(numbered) > 0 {
		t.Errorf("%d citation(s) by number; cite the rule in docs/behaviour/<file>.md#<anchor>, or state the reason itself:\n\t%s",
			len(numbered), strings.Join(numbered, "\n\t"))
	}
	if len(broken) > 0 {
		t.Errorf("%d citation(s) of docs that do not exist (add the anchor, <a id=\"…\"></a>, or fix the citation):\n\t%s",
			len(broken), strings.Join(broken, "\n\t"))
	}
}

// docAnchors returns the anchors a Markdown file offers: every id="…" in it
// and the GitHub-style slug of every heading. It returns nil when the file
// does not exist.
func docAnchors(t *testing.T, path string) map[string]bool {
	t.Helper()
	src, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	found := map[string]bool{}
	for _, m := range idAttr.FindAllSubmatch(src, -1) {
		found[string(m[1])] = true
	}
	slugCount := map[string]int{}
	inFence := false
	for line := range strings.SplitSeq(string(src), "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			inFence = !inFence
			continue
		}
		if inFence || !strings.HasPrefix(trimmed, "#") {
			continue
		}
		text := strings.TrimLeft(trimmed, "#")
		if text != "" && text[0] != ' ' && text[0] != '\t' {
			continue // "#tag", not a heading
		}
		text = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(text), "#"))
		slug := headingSlug(text)
		// GitHub numbers repeated headings: the second "Other" is #other-1.
		if n := slugCount[slug]; n > 0 {
			found[fmt.Sprintf("%s-%d", slug, n)] = true
		} else {
			found[slug] = true
		}
		slugCount[slug]++
	}
	return found
}

// idAttr finds an id="…" attribute, as in <a id="similar-cars"></a>.
var idAttr = regexp.MustCompile(`\bid="([^"]+)"`)

// headingSlug is the anchor GitHub gives a heading: lower case, spaces as
// '-', and punctuation other than '-' and '_' removed.
func headingSlug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestHeadingSlug pins the slug rule the anchor check relies on.
func TestHeadingSlug(t *testing.T) {
	for heading, want := range map[string]string{
		"Price display":                       "price-display",
		"360° spinner":                        "360-spinner",
		"Sign-in, sessions and the watchlist": "sign-in-sessions-and-the-watchlist",
		"14-day return terms":                 "14-day-return-terms",
		"`serve` flags_and (options)":         "serve-flags_and-options",
	} {
		if got := headingSlug(heading); got != want {
			t.Errorf("headingSlug(%q) = %q, want %q", heading, got, want)
		}
	}
}

// TestReadmeListsEveryPackage holds the README's Layout to the code: every
// Go package under internal/ is listed there, and nothing listed is gone.
func TestReadmeListsEveryPackage(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^(internal/[a-z0-9]+)/`).FindAllStringSubmatch(string(readme), -1) {
		listed[m[1]] = true
	}
	entries, err := os.ReadDir(filepath.Join(repoRoot, "internal"))
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(repoRoot, "internal", e.Name(), "*.go"))
		if len(files) == 0 {
			continue
		}
		dir := "internal/" + e.Name()
		have[dir] = true
		if !listed[dir] {
			t.Errorf("README's Layout does not list %s/", dir)
		}
	}
	for dir := range listed {
		if !have[dir] {
			t.Errorf("README's Layout lists %s/, which holds no Go package", dir)
		}
	}
}
