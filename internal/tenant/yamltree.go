package tenant

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// document is one site YAML turned into plain JSON-like values (what the
// schema validates and the struct is decoded from), together with the
// source line of every value so problems can point at the right line.
type document struct {
	value any
	// lines maps a JSON pointer ("" for the root, "/theme/colors/primary")
	// to the line of its key, or of the value itself for sequence items.
	lines    map[string]int
	problems []Problem
	anchors  map[string]ast.Node
	file     string
}

// parseDocument reads YAML source. Syntax errors come back as problems,
// never as a bare error, so a check run reports every file in one pass.
func parseDocument(file string, src []byte) *document {
	d := &document{lines: map[string]int{"": 1}, anchors: map[string]ast.Node{}, file: file}
	f, err := parser.ParseBytes(src, 0)
	if err != nil {
		line := 1
		msg := err.Error()
		if ye, ok := err.(interface {
			GetMessage() string
		}); ok {
			msg = ye.GetMessage()
		}
		if tok := tokenLine(err); tok > 0 {
			line = tok
		}
		d.problems = append(d.problems, Problem{File: file, Line: line, Message: "invalid YAML: " + msg})
		return d
	}
	var docs []*ast.DocumentNode
	for _, doc := range f.Docs {
		if doc != nil && doc.Body != nil {
			docs = append(docs, doc)
		}
	}
	if len(docs) > 1 {
		d.problems = append(d.problems, Problem{File: file, Line: docs[1].GetToken().Position.Line,
			Message: "one site per file: found a second YAML document"})
		return d
	}
	if len(docs) == 0 {
		return d // value nil: the schema reports "expected object"
	}
	body := docs[0].Body
	d.lines[""] = lineOf(body)
	d.value = d.convert(body, "", 0)
	return d
}

// tokenLine reads the line from goccy's error types, which all expose the
// offending token.
func tokenLine(err error) int {
	if e, ok := err.(interface{ GetToken() *token.Token }); ok {
		if t := e.GetToken(); t != nil && t.Position != nil {
			return t.Position.Line
		}
	}
	return 0
}

func lineOf(n ast.Node) int {
	if n == nil {
		return 0
	}
	if t := n.GetToken(); t != nil && t.Position != nil {
		return t.Position.Line
	}
	return 0
}

// convert turns a node into a JSON-like value and records the line of ptr.
// keyLine is the line of the mapping key owning the node (0 for sequence
// items and the root).
func (d *document) convert(n ast.Node, ptr string, keyLine int) any {
	line := keyLine
	if line == 0 {
		line = lineOf(n)
	}
	d.lines[ptr] = line
	switch n := n.(type) {
	case nil:
		return nil
	case *ast.NullNode:
		return nil
	case *ast.BoolNode:
		return n.Value
	case *ast.IntegerNode:
		return n.Value
	case *ast.FloatNode:
		return n.Value
	case *ast.StringNode:
		return n.Value
	case *ast.LiteralNode:
		if n.Value == nil {
			return ""
		}
		return n.Value.Value
	case *ast.InfinityNode, *ast.NanNode:
		// JSON has no such numbers; keep the text so the schema names the type.
		return n.GetToken().Value
	case *ast.AnchorNode:
		d.anchors[n.Name.GetToken().Value] = n.Value
		return d.convert(n.Value, ptr, keyLine)
	case *ast.AliasNode:
		name := n.Value.GetToken().Value
		target, ok := d.anchors[name]
		if !ok {
			d.problems = append(d.problems, Problem{File: d.file, Line: line, Field: fieldName(ptr), Message: fmt.Sprintf("unknown alias *%s", name)})
			return nil
		}
		v := d.convert(target, ptr, keyLine)
		d.lines[ptr] = line
		return v
	case *ast.TagNode:
		if strings.TrimPrefix(n.Start.Value, "!") == "!str" {
			if s, ok := n.Value.(ast.ScalarNode); ok {
				return fmt.Sprint(s.GetValue())
			}
		}
		return d.convert(n.Value, ptr, keyLine)
	case *ast.MappingNode:
		return d.mapping(n.Values, ptr)
	case *ast.MappingValueNode:
		return d.mapping([]*ast.MappingValueNode{n}, ptr)
	case *ast.SequenceNode:
		out := make([]any, 0, len(n.Values))
		for i, item := range n.Values {
			out = append(out, d.convert(item, ptr+"/"+strconv.Itoa(i), 0))
		}
		return out
	default:
		d.problems = append(d.problems, Problem{File: d.file, Line: line, Field: fieldName(ptr), Message: "unsupported YAML construct " + n.Type().String()})
		return nil
	}
}

func (d *document) mapping(pairs []*ast.MappingValueNode, ptr string) map[string]any {
	out := make(map[string]any, len(pairs))
	for _, mv := range pairs {
		keyLine := lineOf(mv.Key)
		if mv.Key.IsMergeKey() {
			// "<<: *defaults" copies keys the mapping does not set itself.
			merged, ok := d.convert(mv.Value, ptr, keyLine).(map[string]any)
			if !ok {
				d.problems = append(d.problems, Problem{File: d.file, Line: keyLine, Field: fieldName(ptr), Message: "merge key needs a mapping"})
				continue
			}
			for k, v := range merged {
				if _, set := out[k]; !set {
					out[k] = v
				}
			}
			continue
		}
		key := keyText(mv.Key)
		child := ptr + "/" + escapePointer(key)
		if _, dup := out[key]; dup {
			d.problems = append(d.problems, Problem{File: d.file, Line: keyLine, Field: fieldName(child), Message: "duplicate key"})
			continue
		}
		out[key] = d.convert(mv.Value, child, keyLine)
	}
	return out
}

func keyText(k ast.MapKeyNode) string {
	switch k := k.(type) {
	case *ast.StringNode:
		return k.Value
	case *ast.MappingKeyNode:
		if s, ok := k.Value.(*ast.StringNode); ok {
			return s.Value
		}
		return k.Value.GetToken().Value
	}
	return k.GetToken().Value
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// fieldName renders a JSON pointer as the dotted path people write:
// /navigation/header/2/label → navigation.header[2].label.
func fieldName(ptr string) string {
	if ptr == "" {
		return ""
	}
	var b strings.Builder
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		if _, err := strconv.Atoi(tok); err == nil && b.Len() > 0 {
			b.WriteString("[" + tok + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(tok)
	}
	return b.String()
}

// lineFor gives the line of ptr, or of its nearest ancestor present in the
// source (a defaulted value has no line of its own).
func (d *document) lineFor(ptr string) int {
	for {
		if l, ok := d.lines[ptr]; ok && l > 0 {
			return l
		}
		if ptr == "" {
			return 1
		}
		ptr = ptr[:strings.LastIndexByte(ptr, '/')]
	}
}
