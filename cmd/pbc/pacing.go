package main

import (
	"fmt"

	"github.com/playbychat/pbc/games"
)

// pace counts how often one game made its table wait (issue 15). A wait
// is a move after which some seat newly must act: a seat in ToAct that was
// not acting before the move with the same Kind and Decision, the mover
// aside (it is at the table already). A forced wait is one where every seat
// so woken has exactly one move, standing choices aside.
type pace struct {
	waits  int
	forced int
}

// observe counts the wait, if any, that mover's move from prev to next
// made; prev is nil for the game's first state, and mover then
// games.Spectator.
func (p *pace) observe(prev, next games.Game, mover games.Seat) {
	woken, single := 0, 0
	for _, a := range next.ToAct() {
		if a.Seat == mover {
			continue
		}
		if prev != nil {
			if was, ok := games.MustAct(prev, a.Seat); ok && was.Kind == a.Kind && was.Decision == a.Decision {
				continue
			}
		}
		woken++
		if onlyMove(next.LegalMoves(a.Seat)) {
			single++
		}
	}
	if woken == 0 {
		return
	}
	p.waits++
	if single == woken {
		p.forced++
	}
}

// onlyMove reports whether moves hold exactly one move apart from
// standing choices.
func onlyMove(moves []games.Move) bool {
	n := 0
	for _, m := range moves {
		if m.Group != games.SettingGroup {
			n++
		}
	}
	return n == 1
}

// pacingRow sums the pace of the finished games of one game id and table
// size.
type pacingRow struct {
	game   string
	seats  int
	games  int
	waits  int
	forced int
	moves  int
}

// add counts one finished game.
func (r *pacingRow) add(res gameResult) {
	r.games++
	r.waits += res.pace.waits
	r.forced += res.pace.forced
	r.moves += len(res.record.Moves)
}

func (r pacingRow) String() string {
	if r.games == 0 {
		return fmt.Sprintf("pacing %s %d seats: no finished game", r.game, r.seats)
	}
	n := float64(r.games)
	return fmt.Sprintf("pacing %s %d seats: games=%d waits/game=%.1f forced/game=%.1f moves/seat=%.1f",
		r.game, r.seats, r.games, float64(r.waits)/n, float64(r.forced)/n, float64(r.moves)/n/float64(r.seats))
}
