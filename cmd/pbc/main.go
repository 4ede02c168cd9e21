// Command pbc is the play-by-chat bot and its tools. Each subcommand lives
// in its own file and registers itself in subcommands from an init function.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"sort"
	"syscall"
)

// subcommand is one verb of pbc, such as "run" or "console".
type subcommand struct {
	summary string
	// run gets the arguments after the verb; it returns the process exit code.
	run func(ctx context.Context, args []string) int
}

var subcommands = map[string]subcommand{}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(dispatch(ctx, os.Args[1:]))
}

func dispatch(ctx context.Context, args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage()
		return 0
	}
	sc, ok := subcommands[args[0]]
	if !ok {
		fmt.Fprintf(os.Stderr, "pbc: unknown subcommand %q\n\n", args[0])
		usage()
		return 2
	}
	return sc.run(ctx, args[1:])
}

func usage() {
	names := make([]string, 0, len(subcommands))
	for name := range subcommands {
		names = append(names, name)
	}
	sort.Strings(names)
	fmt.Fprintln(os.Stderr, "usage: pbc <subcommand> [flags]\n\nsubcommands:")
	for _, name := range names {
		fmt.Fprintf(os.Stderr, "  %-10s %s\n", name, subcommands[name].summary)
	}
}
