package catalog

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Verify checks c (see Check) and the Go sources of the package in dir that
// use it through the package-level variable name: every id passed to
// name.Text or name.Count must be in the catalogue, and every id of the
// catalogue must be used. An id is a string literal or a constant declared
// with one. Engines call it from a test:
//
//	for _, p := range catalog.Verify(msgs, ".", "msgs") { t.Error(p) }
func Verify(c *Catalog, dir, name string) []string {
	problems := c.Check()
	used, more := usedIDs(dir, name)
	problems = append(problems, more...)
	have := map[string]bool{}
	for _, id := range c.IDs() {
		have[id] = true
	}
	seen := map[string]bool{}
	for _, id := range used {
		if !have[id] && !seen[id] {
			problems = append(problems, fmt.Sprintf("%s: %s is used but in no file", c.name, id))
		}
		seen[id] = true
	}
	for id := range have {
		if !seen[id] {
			problems = append(problems, fmt.Sprintf("%s: %s is in the files but never used", c.name, id))
		}
	}
	slices.Sort(problems)
	return problems
}

// usedIDs lists the ids the non-test sources of dir pass to name.Text and
// name.Count, and the calls whose id it cannot tell.
func usedIDs(dir, name string) (ids, problems []string) {
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, []string{err.Error()}
	}
	var parsed []*ast.File
	consts := map[string]string{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			return nil, []string{err.Error()}
		}
		parsed = append(parsed, file)
		collectConsts(file, consts)
	}
	for _, file := range parsed {
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "Text" && sel.Sel.Name != "Count") {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); !ok || x.Name != name {
				return true
			}
			switch a := call.Args[0].(type) {
			case *ast.BasicLit:
				if s, err := strconv.Unquote(a.Value); err == nil {
					ids = append(ids, s)
					return true
				}
			case *ast.Ident:
				if s, ok := consts[a.Name]; ok {
					ids = append(ids, s)
					return true
				}
			}
			problems = append(problems, fmt.Sprintf("%s: a message id that is not a literal or a constant", fset.Position(call.Pos())))
			return true
		})
	}
	return ids, problems
}

// collectConsts records the string constants of file declared with a
// literal.
func collectConsts(file *ast.File, consts map[string]string) {
	for _, d := range file.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			v := spec.(*ast.ValueSpec)
			for i, n := range v.Names {
				if i >= len(v.Values) {
					continue
				}
				if lit, ok := v.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, err := strconv.Unquote(lit.Value); err == nil {
						consts[n.Name] = s
					}
				}
			}
		}
	}
}
