package xibalba

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/playbychat/pbc/games"
)

// fixture builds a game from a compact text description, one statement per
// line (players are p1..p4 as in the notation):
//
//	seats 3 apocalypse
//	turn p1 action                 current player and phase
//	p1 faction=chaac level=2 res=14 para=3 warhost=s01,s12 f1=c06 f2=t06 policy=never
//	ark s23 p2 8                   occupant, controller (or "none") and life
//	kept atk atk crit              action pool faces
//	rolled r1 blank                dice of the last roll
//	rerolls 1
//	pending c01 c02                cards with forced effects to resolve
//	display soldier s23 s01        face-up cards of a deck
//
// Every card named is taken from wherever the fresh game had put it, so the
// card count stays right; emptied display slots are refilled.
func fixture(t *testing.T, spec string) *game {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(spec), "\n")
	head := strings.Fields(lines[0])
	if len(head) < 2 || head[0] != "seats" {
		t.Fatalf("fixture must start with seats: %q", lines[0])
	}
	n, _ := strconv.Atoi(head[1])
	opts := games.Options{OptFactions: "random", OptApocalypse: strconv.FormatBool(len(head) > 2 && head[2] == "apocalypse")}
	g, err := newWithSet(testSet, games.Setup{Seats: n, Options: opts, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := g.s
	s.Turn = turnState{Destroy: -1}
	s.Log = nil
	for i := range s.Bases {
		s.Bases[i].Warhost = nil
		s.Bases[i].Fields = [4][]string{}
	}
	dice := func(fs []string) []die {
		var out []die
		for _, f := range fs {
			k := dieResource
			switch {
			case f == faceAttack || f == faceCrit:
				k = dieAttack
			case strings.HasPrefix(f, "p"):
				k = dieParagon
			}
			out = append(out, die{Kind: k, Face: f})
		}
		return out
	}
	for _, line := range lines[1:] {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch {
		case f[0] == "turn":
			s.Current = fxSeat(t, f[1])
			s.Phase = Phase(f[2])
			s.Turn.HasRolled = s.Phase == PhaseRoll || s.Phase == PhaseAction
		case f[0] == "ark":
			if old := s.Ark.Card; old != "" {
				s.Ark = arkState{Owner: -1}
				g.discard(old)
			}
			if f[1] == "empty" {
				continue
			}
			fxTake(g, f[1])
			life, _ := strconv.Atoi(f[3])
			s.Ark = arkState{Card: f[1], Owner: -1, Life: life}
			if f[2] != "none" {
				s.Ark.Owner = fxSeat(t, f[2])
			}
		case f[0] == "kept":
			s.Turn.Kept = dice(f[1:])
		case f[0] == "rolled":
			s.Turn.Rolled = dice(f[1:])
		case f[0] == "pending":
			s.Turn.Pending = f[1:]
		case f[0] == "rerolls":
			s.Turn.Rerolls, _ = strconv.Atoi(f[1])
		case f[0] == "display":
			di := deckIndex(f[1])
			for slot, id := range f[2:] {
				if old := s.Decks[di].FaceUp[slot]; old != "" {
					s.Decks[di].Draw = append(s.Decks[di].Draw, old)
					s.Decks[di].FaceUp[slot] = ""
				}
				fxTake(g, id)
				s.Decks[di].FaceUp[slot] = id
			}
		case strings.HasPrefix(f[0], "p"):
			b := &s.Bases[fxSeat(t, f[0])]
			for _, kv := range f[1:] {
				k, v, _ := strings.Cut(kv, "=")
				num, _ := strconv.Atoi(v)
				switch {
				case k == "faction":
					b.Faction = v
				case k == "level":
					b.Level = num
				case k == "res":
					b.Resources = num
				case k == "para":
					b.Paragon = num
				case k == "policy":
					b.Policy = v
				case k == "warhost":
					for _, id := range strings.Split(v, ",") {
						fxTake(g, id)
						b.Warhost = append(b.Warhost, id)
					}
				case len(k) == 2 && k[0] == 'f':
					fi := int(k[1] - '1')
					for _, id := range strings.Split(v, ",") {
						fxTake(g, id)
						b.Fields[fi] = append(b.Fields[fi], id)
					}
				default:
					t.Fatalf("fixture: unknown base key %q", k)
				}
			}
		default:
			t.Fatalf("fixture: unknown statement %q", line)
		}
	}
	g.refill()
	g.ev = nil
	if err := g.CheckInvariants(); err != nil {
		t.Fatalf("fixture breaks invariants: %v", err)
	}
	return g
}

func fxSeat(t *testing.T, p string) games.Seat {
	n, err := strconv.Atoi(strings.TrimPrefix(p, "p"))
	if err != nil {
		t.Fatalf("fixture: bad player %q", p)
	}
	return games.Seat(n - 1)
}

// fxTake removes a card from wherever it lies.
func fxTake(g *game, id string) {
	s := g.s
	for di := range s.Decks {
		p := &s.Decks[di]
		remove(&p.Draw, id)
		remove(&p.Discard, id)
		for slot, c := range p.FaceUp {
			if c == id {
				p.FaceUp[slot] = ""
			}
		}
	}
	if s.Ark.Card == id {
		s.Ark = arkState{Owner: -1}
	}
	for i := range s.Bases {
		remove(&s.Bases[i].Warhost, id)
		for f := range s.Bases[i].Fields {
			remove(&s.Bases[i].Fields[f], id)
		}
	}
}

// play applies moves in order ("p1: attack ark 2"), failing the test on any
// error; it returns the game and all events.
func play(t *testing.T, g games.Game, moves ...string) (games.Game, []games.Event) {
	t.Helper()
	var all []games.Event
	for _, m := range moves {
		who, n, _ := strings.Cut(m, ": ")
		next, ev, err := games.PlayText(g, fxSeat(t, who), n)
		if err != nil {
			t.Fatalf("%s: %v\n%s", m, err, g.View(games.Spectator).Describe(games.English))
		}
		if err := next.(games.Checker).CheckInvariants(); err != nil {
			t.Fatalf("after %s: %v", m, err)
		}
		all = append(all, ev...)
		g = next
	}
	return g, all
}

func st(g games.Game) *state { return g.(*game).s }

func hasMove(g games.Game, seat games.Seat, notation string) bool {
	_, ok := games.FindMove(g, seat, notation)
	return ok
}

func eventsContain(ev []games.Event, text string) bool {
	for _, e := range ev {
		if strings.Contains(e.Text.EN, text) {
			return true
		}
	}
	return false
}

// edit changes a game's state in place (tests only) and returns it as a
// fresh game, so no cached move list survives the change.
func edit(g games.Game, change func(s *state)) games.Game {
	old := g.(*game)
	change(old.s)
	return &game{s: old.s, cs: old.cs}
}

// TestCheckCardsNamesPlaces checks that a card found twice is reported
// with both places, and a card of no set with its place.
func TestCheckCardsNamesPlaces(t *testing.T) {
	tests := []struct {
		name  string
		spoil func(g *game)
		want  string
	}{
		{"twice", func(g *game) {
			g.s.Bases[1].Warhost = append(g.s.Bases[1].Warhost, g.s.Decks[0].FaceUp[0])
		}, " display and at seat 1 warhost"},
		{"unknown", func(g *game) {
			g.s.Bases[0].Fields[0] = append(g.s.Bases[0].Fields[0], "zz99")
		}, `unknown card "zz99" at seat 0 field 1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g0, _, err := Definition.Create(2, nil, 1)
			if err != nil {
				t.Fatal(err)
			}
			g := g0.(*game)
			tt.spoil(g)
			var p problems
			g.checkCards(&p)
			if err := errors.Join(p...); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("checkCards = %v, want a problem containing %q", err, tt.want)
			}
		})
	}
}
