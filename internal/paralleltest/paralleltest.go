// Package paralleltest sets how many of a package's tests run at once,
// for the packages whose tests mostly wait (on a served node, a feed, a
// database or an S3 server) rather than compute: go test's default of one
// per core leaves the cores idle while they wait.
package paralleltest

import (
	"flag"
	"strconv"
)

// Default lets n tests run at once unless the run gave -parallel. Call it
// from TestMain before m.Run; it parses the command line if nobody has.
func Default(n int) {
	if !flag.Parsed() {
		flag.Parse()
	}
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		flag.Set("test.parallel", strconv.Itoa(n))
	}
}
