package feed

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/encoding/charmap"
)

// parseXML reads an XML feed: each element at itemPath (names from the
// root down, separated by /; empty: the root's most common child) is a
// car, whose attributes and child elements are its columns.
func (p *parser) parseXML(data []byte, itemPath string) error {
	path := splitItemPath(itemPath)
	if len(path) == 0 {
		root, item, err := xmlItems(data)
		if err != nil {
			return err
		}
		path = []string{root, item}
	}
	want := strings.Join(path, "/")
	d := newXMLDecoder(data)
	var open []string // names of the elements the decoder is in
	items, known, root := 0, false, false
	for {
		// The decoder's position before a token is where the token
		// starts: an item's line is that of its start tag.
		line, _ := d.InputPos()
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return xmlErr(err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth := len(open)
			root = true
			if !strings.EqualFold(t.Name.Local, path[depth]) {
				if depth == 0 {
					return fmt.Errorf("XML item path %q: the root element is <%s>", want, t.Name.Local)
				}
				if err := d.Skip(); err != nil {
					return xmlErr(err)
				}
				continue
			}
			if depth+1 < len(path) {
				open = append(open, t.Name.Local)
				continue
			}
			n, err := readNode(d, t)
			if err != nil {
				return xmlErr(err)
			}
			items++
			if p.xmlRow(line, n) {
				known = true
			}
		case xml.EndElement:
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
	}
	if !root {
		return errors.New("invalid XML: the file has no root element")
	}
	if items == 0 {
		return fmt.Errorf("no <%s> elements in the XML feed: check the item path", want)
	}
	if !known {
		return fmt.Errorf("the XML feed's <%s> elements name no car fields (expected stocknum, vin, make, model, year, ...): check the item path", want)
	}
	return nil
}

// splitItemPath splits "Stock/Vehicle" into its element names; namespace
// prefixes are dropped, as names are matched without them.
func splitItemPath(s string) []string {
	var path []string
	for seg := range strings.SplitSeq(s, "/") {
		seg = strings.TrimSpace(seg)
		if i := strings.LastIndexByte(seg, ':'); i >= 0 {
			seg = seg[i+1:]
		}
		if seg != "" {
			path = append(path, seg)
		}
	}
	return path
}

// xmlItems names the root element and its most common child (the first
// of equals), the items of a feed read without an item path.
func xmlItems(data []byte) (root, item string, err error) {
	d := newXMLDecoder(data)
	counts := map[string]int{}
	var names []string // in the order they first appear
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", "", xmlErr(err)
		}
		t, ok := tok.(xml.StartElement)
		if !ok {
			if _, end := tok.(xml.EndElement); end {
				break // the root's end: its children are all counted
			}
			continue
		}
		if root == "" {
			root = t.Name.Local
			continue
		}
		if counts[t.Name.Local] == 0 {
			names = append(names, t.Name.Local)
		}
		counts[t.Name.Local]++
		if err := d.Skip(); err != nil {
			return "", "", xmlErr(err)
		}
	}
	if root == "" {
		if len(bytes.TrimSpace(data)) == 0 {
			return "", "", errors.New("empty feed: expected an XML document")
		}
		return "", "", errors.New("invalid XML: the file has no root element")
	}
	for _, name := range names {
		if counts[name] > counts[item] {
			item = name
		}
	}
	if item == "" {
		return "", "", fmt.Errorf("the XML root element <%s> holds no items", root)
	}
	return root, item, nil
}

func newXMLDecoder(data []byte) *xml.Decoder {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Entity = xml.HTMLEntity // descriptions carry &nbsp; and the like
	d.CharsetReader = charsetReader
	return d
}

// charsetReader reads the single-byte encodings Windows programs declare;
// UTF-8 needs none.
func charsetReader(label string, input io.Reader) (io.Reader, error) {
	switch strings.ToLower(strings.TrimSpace(label)) {
	case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1",
		"windows-1252", "cp1252", "x-cp1252", "us-ascii", "ascii":
		// Windows-1252 is ISO-8859-1 with letters in place of control
		// codes, which no feed means; ASCII is a part of both.
		return charmap.Windows1252.NewDecoder().Reader(input), nil
	case "iso-8859-15", "iso8859-15", "latin9", "latin-9":
		return charmap.ISO8859_15.NewDecoder().Reader(input), nil
	}
	return nil, fmt.Errorf("the encoding %q is not supported (use UTF-8)", label)
}

func xmlErr(err error) error {
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		// Past a syntax error nothing can be trusted (a full feed would
		// sell every car after it), so the file is refused.
		return fmt.Errorf("invalid XML: line %d: %s", se.Line, se.Msg)
	}
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return errors.New("invalid XML: the file ends inside an element")
	}
	return fmt.Errorf("invalid XML: %v", err)
}

// xmlNode is one element of an item.
type xmlNode struct {
	name    string
	attrs   []xml.Attr
	text    strings.Builder // its own text
	kids    []*xmlNode
	content []any // its text (string) and children (*xmlNode) in order
}

// maxItemDepth bounds how deep elements nest inside one car: a feed's
// lists nest two or three deep, and a file nesting thousands is refused
// before it costs time.
const maxItemDepth = 64

// readNode reads the element start opened, up to its end.
func readNode(d *xml.Decoder, start xml.StartElement) (*xmlNode, error) {
	top := &xmlNode{name: start.Name.Local, attrs: start.Attr}
	open := []*xmlNode{top}
	for len(open) > 0 {
		tok, err := d.Token()
		if err != nil {
			return nil, err
		}
		cur := open[len(open)-1]
		switch t := tok.(type) {
		case xml.StartElement:
			if len(open) >= maxItemDepth {
				line, _ := d.InputPos()
				return nil, fmt.Errorf("line %d: elements nest more than %d deep in one item", line, maxItemDepth)
			}
			n := &xmlNode{name: t.Name.Local, attrs: t.Attr}
			cur.kids = append(cur.kids, n)
			cur.content = append(cur.content, n)
			open = append(open, n)
		case xml.EndElement:
			open = open[:len(open)-1]
		case xml.CharData:
			cur.text.Write(t)
			cur.content = append(cur.content, string(t))
		}
	}
	return top, nil
}

// inner is all the text inside n, its children's too, in order.
func (n *xmlNode) inner() string {
	if len(n.kids) == 0 {
		return n.text.String()
	}
	var b strings.Builder
	n.writeInner(&b)
	return b.String()
}

func (n *xmlNode) writeInner(b *strings.Builder) {
	for _, c := range n.content {
		switch c := c.(type) {
		case string:
			b.WriteString(c)
		case *xmlNode:
			c.writeInner(b)
		}
	}
}

// xmlColumn is one column of an item: an attribute, or the item's child
// elements of one name.
type xmlColumn struct {
	name  string
	attr  *string
	elems []*xmlNode
}

// value is the column's text. A child with children of its own
// (<Photos><Photo>a</Photo><Photo>b</Photo></Photos>) is a list, and so
// are children repeated under one name: their texts are joined with |.
func (c xmlColumn) value() string {
	if c.attr != nil {
		return *c.attr
	}
	var parts []string
	for _, n := range c.elems {
		if len(n.kids) == 0 || strings.TrimSpace(n.text.String()) != "" {
			parts = append(parts, strings.TrimSpace(n.inner())) // text, or text with markup in it
			continue
		}
		for _, k := range n.kids {
			parts = append(parts, k.itemText())
		}
	}
	return strings.Join(nonEmpty(parts), "|")
}

// itemText is a list item's text: its own, else its address attribute
// (<Photo url="..."/>), else its first child's.
func (n *xmlNode) itemText() string {
	if s := strings.TrimSpace(n.text.String()); s != "" {
		return s
	}
	for _, a := range n.attrs {
		switch strings.ToLower(a.Name.Local) {
		case "url", "href", "src", "value":
			if s := strings.TrimSpace(a.Value); s != "" {
				return s
			}
		}
	}
	for _, k := range n.kids {
		if s := k.itemText(); s != "" {
			return s
		}
	}
	return ""
}

// xmlColumns lists an item's columns: its attributes, then its child
// elements by name in the order they first appear.
func xmlColumns(item *xmlNode) []xmlColumn {
	var cols []xmlColumn
	for i, a := range item.attrs {
		if a.Name.Space == "xmlns" || a.Name.Local == "xmlns" {
			continue
		}
		cols = append(cols, xmlColumn{name: a.Name.Local, attr: &item.attrs[i].Value})
	}
	at := map[string]int{}
	for _, k := range item.kids {
		if i, ok := at[k.name]; ok {
			cols[i].elems = append(cols[i].elems, k)
			continue
		}
		at[k.name] = len(cols)
		cols = append(cols, xmlColumn{name: k.name, elems: []*xmlNode{k}})
	}
	return cols
}

// xmlRow reads one item as a row, reporting whether it had any column
// the feed knows.
func (p *parser) xmlRow(line int, item *xmlNode) bool {
	cols := xmlColumns(item)
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.name
	}
	fs, known, twice := p.cols.header(names)
	b := p.newRow(line)
	if twice != "" {
		b.bad = &Rejection{Line: line, Field: twice, Reason: "is given twice"}
	}
	for i, f := range fs {
		if f != nil {
			b.text(f, cols[i].value())
		}
	}
	p.finish(b)
	return known > 0
}
