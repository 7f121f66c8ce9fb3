package httpapi_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const (
	httpapiPath  = "forecourt/internal/httpapi"
	apitypesPath = "forecourt/internal/apitypes"
)

// notAnswers are the handlers whose writeJSON calls may send a value that
// is not an apitypes.Answer, each with why: the operators' address is not
// the API api/openapi.yaml describes.
var notAnswers = map[string]string{
	"handleAdminSites": "GET /admin/sites, on the operators' address",
}

// Every JSON body the API answers with is an apitypes value (an
// apitypes.Answer), or a list or map of them: the JSON names clients read
// are the API's own, so a domain type's fields can change without
// changing an answer. The package's own files are type-checked and each
// writeJSON call's value is looked at.
func TestAnswersAreAPITypes(t *testing.T) {
	pkgs := listPackages(t)
	var files []*ast.File
	fset := token.NewFileSet()
	self := pkgs[httpapiPath]
	for _, name := range self.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(self.Dir, name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	sends, err := jsonSends(fset, files, pkgs)
	if err != nil {
		t.Fatal(err)
	}
	if len(sends) < 20 {
		t.Fatalf("found %d writeJSON calls; the walk is missing them", len(sends))
	}
	exempted := map[string]bool{}
	for _, s := range sends {
		if _, ok := notAnswers[s.fn]; ok {
			exempted[s.fn] = true
			continue
		}
		if !s.answer {
			t.Errorf("%s: writeJSON sends %s, not an apitypes value (convert it to one, as apitypes.FromCar does)", s.pos, s.typ)
		}
	}
	for fn := range notAnswers {
		if !exempted[fn] {
			t.Errorf("notAnswers lists %s, which sends no JSON of its own any more", fn)
		}
	}
}

// The check tells a domain value from an answer: it can fail.
func TestAnswersAreAPITypesFindsDomainValues(t *testing.T) {
	const src = `package httpapi

import (
	"net/http"

	"forecourt/internal/apitypes"
	"forecourt/internal/catalog"
)

func writeJSON(w http.ResponseWriter, status int, v any) {}

func send(w http.ResponseWriter) {
	writeJSON(w, 200, catalog.YouxQuote{})
	writeJSON(w, 200, apitypes.FromYouxQuote(catalog.YouxQuote{}))
	writeJSON(w, 200, []apitypes.Success{})
	writeJSON(w, 200, apitypes.Car{})
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "probe.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	sends, err := jsonSends(fset, []*ast.File{f}, listPackages(t))
	if err != nil {
		t.Fatal(err)
	}
	var got []bool
	for _, s := range sends {
		got = append(got, s.answer)
	}
	// A bare car is part of an answer (apitypes.CarAnswer), never one.
	if want := []bool{false, true, true, false}; !slices.Equal(got, want) {
		t.Errorf("answers = %v, want %v", got, want)
	}
}

// listedPackage is what go list says of a package.
type listedPackage struct {
	ImportPath string
	Dir        string
	Export     string
	GoFiles    []string
}

// listPackages lists package httpapi and every package it imports, with
// their compiled export data, so its files can be type-checked as built.
func listPackages(t *testing.T) map[string]listedPackage {
	t.Helper()
	cmd := exec.Command("go", "list", "-tags", "nodynamic", "-export", "-deps", "-json=ImportPath,Dir,Export,GoFiles", httpapiPath)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := map[string]listedPackage{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p listedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs[p.ImportPath] = p
	}
	return pkgs
}

// jsonSend is one writeJSON call: where it is, the handler it is in, the
// type of the value it sends and whether that is an apitypes.Answer.
type jsonSend struct {
	pos    string
	fn     string
	typ    types.Type
	answer bool
}

// jsonSends type-checks files as package httpapi, importing the listed
// packages' export data, and finds each call of the package's writeJSON.
func jsonSends(fset *token.FileSet, files []*ast.File, pkgs map[string]listedPackage) ([]jsonSend, error) {
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		if p, ok := pkgs[path]; ok && p.Export != "" {
			return os.Open(p.Export)
		}
		return nil, fmt.Errorf("no export data for %s", path)
	})
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{Importer: imp}).Check(httpapiPath, fset, files, info)
	if err != nil {
		return nil, err
	}
	answer, err := answerInterface(pkg)
	if err != nil {
		return nil, err
	}
	isAnswer := func(t types.Type) bool {
		switch u := types.Unalias(t).(type) {
		case *types.Slice:
			t = u.Elem()
		case *types.Map:
			t = u.Elem()
		}
		return types.Implements(t, answer)
	}
	writeJSON := pkg.Scope().Lookup("writeJSON")
	if writeJSON == nil {
		return nil, errors.New("package httpapi has no writeJSON")
	}
	var out []jsonSend
	for _, f := range files {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) != 3 {
					return true
				}
				if id, ok := ast.Unparen(call.Fun).(*ast.Ident); !ok || info.Uses[id] != writeJSON {
					return true
				}
				p := fset.Position(call.Pos())
				typ := info.TypeOf(call.Args[2])
				out = append(out, jsonSend{
					pos: fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line), fn: fn.Name.Name,
					typ: typ, answer: isAnswer(typ),
				})
				return true
			})
		}
	}
	return out, nil
}

// answerInterface is apitypes.Answer, as package pkg imports it.
func answerInterface(pkg *types.Package) (*types.Interface, error) {
	for _, imp := range pkg.Imports() {
		if imp.Path() != apitypesPath {
			continue
		}
		obj := imp.Scope().Lookup("Answer")
		if obj == nil {
			return nil, errors.New("package apitypes has no Answer")
		}
		iface, ok := obj.Type().Underlying().(*types.Interface)
		if !ok {
			return nil, errors.New("apitypes.Answer is not an interface")
		}
		return iface, nil
	}
	return nil, errors.New("package httpapi does not import apitypes")
}
