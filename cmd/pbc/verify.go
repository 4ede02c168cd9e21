package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/playbychat/pbc/bot/export"
)

func init() {
	subcommands["verify"] = subcommand{
		summary: "check a /game export: seed commitment, replay and final hash",
		run: func(ctx context.Context, args []string) int {
			return runVerify(args, os.Stdin, os.Stdout, os.Stderr)
		},
	}
}

// runVerify checks one export file ("-" reads stdin) and prints OK or the
// first failure. It exits 0 when the export holds, 1 when it does not and 2
// on a usage error.
func runVerify(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) != 1 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprintln(stderr, "usage: pbc verify <export.json | ->")
		return 2
	}
	var data []byte
	var err error
	if args[0] == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(args[0])
	}
	if err != nil {
		fmt.Fprintf(stdout, "FAIL %s: %v\n", args[0], err)
		return 1
	}
	e, err := verifyExport(data)
	if err != nil {
		fmt.Fprintf(stdout, "FAIL %s: %v\n", args[0], err)
		return 1
	}
	fmt.Fprintf(stdout, "OK %s: %s, %d seats, %d moves, %s, commitment %.16s…, final hash %.16s…\n",
		args[0], e.Game, e.Seats, len(e.Moves), e.Status, e.Commitment, e.Hash)
	return 0
}

// verifyExport checks data with export.Verify and returns it decoded.
func verifyExport(data []byte) (export.File, error) {
	if err := export.Verify(data); err != nil {
		return export.File{}, err
	}
	var e export.File
	if err := json.Unmarshal(data, &e); err != nil {
		return export.File{}, fmt.Errorf("decode export: %w", err)
	}
	return e, nil
}
