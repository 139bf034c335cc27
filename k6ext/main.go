// Command k6ext is k6 v1.8.1 with the k6/x/pagefold extension compiled in.
package main

import (
	"go.k6.io/k6/cmd"

	_ "paging-harness/k6ext/pagefold"
)

func main() {
	cmd.Execute()
}
