package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/internal/fakediscord"
)

// The kinds of interaction the load test sends.
const (
	kindAutocomplete = "autocomplete /move"
	kindStatus       = "/game status"
	kindIllegal      = "refused: /move of no move"
	kindJoin         = "refused: /game join"
	kindTurnComplete = "autocomplete /move (turn)"
	kindMove         = "/move (turn)"
	kindClick        = "two clicks at once (turn)"
	kindOpen         = "/game new, join, start"
)

// openTables opens the tables, eight at a time.
func (l *load) openTables(ctx context.Context) error {
	pool := max(l.cfg.players, l.cfg.tables*l.cfg.players/2) // players sit at about two tables each
	for i := range l.cfg.tables {
		t := &loadTable{
			where: fakediscord.Where{
				GuildID:   strconv.FormatUint(uint64(i+1)<<22|uint64(i), 10),
				ChannelID: strconv.Itoa(700000000000000000 + i),
			},
			def:  l.cfg.defs[i%len(l.cfg.defs)],
			rand: mrand.New(mrand.NewPCG(l.cfg.seed, uint64(i)+1)),
		}
		for s := range l.cfg.players {
			id := (i*l.cfg.players + s) % pool
			u := fakediscord.User{ID: strconv.Itoa(800000000000000000 + id), Name: "Player " + strconv.Itoa(id)}
			if id%3 == 0 {
				u.Locale = "de"
			}
			t.players = append(t.players, u)
		}
		l.tables = append(l.tables, t)
	}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	sem := make(chan struct{}, 8)
	for _, t := range l.tables {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			if err := l.open(ctx, t, nil); err != nil {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// open opens a table in t's channel and starts it with t's players.
func (l *load) open(ctx context.Context, t *loadTable, lat *latencies) error {
	start := time.Now()
	type step struct {
		user fakediscord.User
		sub  string
		opts []fakediscord.Opt
	}
	opts := []fakediscord.Opt{{Name: "game", Value: t.def.ID}, {Name: "players", Value: strconv.Itoa(len(t.players))}}
	if l.cfg.board != "" {
		opts = append(opts, fakediscord.Opt{Name: "board", Value: l.cfg.board})
	}
	steps := []step{{t.players[0], "new", opts}}
	for _, u := range t.players[1:] {
		steps = append(steps, step{u, "join", nil})
	}
	steps = append(steps, step{t.players[0], "start", nil})
	for _, st := range steps {
		if _, err := l.answer(ctx, l.f.Command(t.where, st.user, "game", st.sub, st.opts...)); err != nil {
			return fmt.Errorf("/game %s in channel %s: %w", st.sub, t.where.ChannelID, err)
		}
	}
	tb, err := l.store.ActiveTable(ctx, t.where.ChannelID)
	if err != nil {
		return err
	}
	if tb.Status != db.Running {
		return fmt.Errorf("the table in channel %s is %s after /game start", t.where.ChannelID, tb.Status)
	}
	t.played = append(t.played, &playedTable{id: tb.ID})
	if lat != nil {
		lat.add(kindOpen, time.Since(start), nil)
	}
	return nil
}

// answer waits for the answer to an interaction the fake delivered.
func (l *load) answer(ctx context.Context, in *fakediscord.Interaction) (fakediscord.Message, error) {
	if in.Err != nil {
		return fakediscord.Message{}, in.Err
	}
	if in.HTTPStatus != http.StatusOK && in.HTTPStatus != http.StatusAccepted {
		return fakediscord.Message{}, fmt.Errorf("the endpoint answered HTTP %d", in.HTTPStatus)
	}
	wctx, cancel := context.WithTimeout(ctx, l.cfg.timeout)
	defer cancel()
	m, err := in.Wait(wctx, l.f)
	if err != nil {
		return m, fmt.Errorf("no answer within %v", l.cfg.timeout)
	}
	return m, nil
}

// interactionsPhase sends autocompletes, status requests and refusals
// at the configured rate, each on time whatever the answers of earlier ones
// (an answer's time counts from when it was due to be sent), and reports
// their answer times.
func (l *load) interactionsPhase(ctx context.Context, out io.Writer) bool {
	lat := newLatencies()
	interval := time.Duration(float64(time.Second) / l.cfg.rate)
	cpu := l.startCPU()
	start := time.Now()
	var wg sync.WaitGroup
	sent := 0
	for ; sent < l.cfg.maxInteractions && ctx.Err() == nil; sent++ {
		due := start.Add(time.Duration(sent) * interval)
		if due.Sub(start) >= l.cfg.duration {
			break
		}
		if wait := time.Until(due); wait > 0 {
			time.Sleep(wait)
		}
		t := l.tables[l.rand.IntN(len(l.tables))]
		u := t.players[l.rand.IntN(len(t.players))]
		dice := l.rand.IntN(8)
		wg.Go(func() {
			var kind string
			var in *fakediscord.Interaction
			switch {
			case dice < 4:
				kind = kindAutocomplete
				in = l.f.Autocomplete(t.where, u, "move", "", fakediscord.Opt{Name: "action", Value: "", Focused: true})
			case dice < 6:
				kind = kindStatus
				in = l.f.Command(t.where, u, "game", "status")
			case dice < 7:
				kind = kindIllegal
				in = l.f.Command(t.where, u, "move", "", fakediscord.Opt{Name: "action", Value: "no-such-move"})
			default:
				kind = kindJoin
				in = l.f.Command(t.where, u, "game", "join")
			}
			_, err := l.answer(ctx, in)
			lat.add(kind, time.Since(due), err)
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	fmt.Fprintf(out, "\ninteractions phase: %d sent at %.0f/s over %v (%.0f answered per second)\n",
		sent, l.cfg.rate, elapsed.Round(time.Millisecond), float64(sent)/elapsed.Seconds())
	cpu.print(out, sent, "interaction", elapsed)
	p99, errs := lat.print(out)
	ok := errs == 0
	if p99 > l.cfg.maxP99 {
		fmt.Fprintf(out, "target missed: p99 %v is above %v\n", p99.Round(time.Millisecond), l.cfg.maxP99)
		ok = false
	}
	return ok
}

// turnsPhase has every table's players make their moves as fast as they
// are answered, a finished game followed by a new one, and reports the
// moves per second and the answer times.
func (l *load) turnsPhase(ctx context.Context, out io.Writer) bool {
	lat := newLatencies()
	pctx, cancel := context.WithTimeout(ctx, l.cfg.duration)
	defer cancel()
	var moves, finished atomic.Int64
	boardsBefore := l.boards()
	cpu := l.startCPU()
	start := time.Now()
	var wg sync.WaitGroup
	for _, t := range l.tables {
		wg.Go(func() {
			for pctx.Err() == nil && moves.Load() < int64(l.cfg.maxMoves) {
				ended, err := l.turn(ctx, t, lat)
				if err != nil {
					lat.add(kindMove, 0, err)
					return
				}
				if ended {
					finished.Add(1)
					if err := l.open(ctx, t, lat); err != nil {
						lat.add(kindOpen, 0, err)
						return
					}
					continue
				}
				moves.Add(1)
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	if err := l.drain(ctx); err != nil {
		fmt.Fprintf(out, "\n%v\n", err)
		return false
	}
	boards := l.boards() - boardsBefore
	fmt.Fprintf(out, "\nturns phase: %d tables, %d moves in %v: %.1f moves and %.1f pictures per second (%d boards and hands posted, %d games finished)\n",
		len(l.tables), moves.Load(), elapsed.Round(time.Millisecond), float64(moves.Load())/elapsed.Seconds(),
		float64(boards)/elapsed.Seconds(), boards, finished.Load())
	cpu.print(out, int(moves.Load()), "move", elapsed)
	_, errs := lat.print(out)
	return errs == 0
}

// cpuMark is the processor time pbc serve and this process had used at
// the start of a phase.
type cpuMark struct {
	l           *load
	serve, self time.Duration
	serveErr    error
}

// startCPU notes the processor time used so far.
func (l *load) startCPU() cpuMark {
	m := cpuMark{l: l, self: selfCPU()}
	if l.serveCPU != nil {
		m.serve, m.serveErr = l.serveCPU()
	}
	return m
}

// print writes the processor time used since the mark, per unit of work
// done (n of them) and as a share of one core over elapsed.
func (m cpuMark) print(out io.Writer, n int, unit string, elapsed time.Duration) {
	if n == 0 {
		return
	}
	per := func(d time.Duration) string {
		return fmt.Sprintf("%.2f ms per %s (%.0f%% of one core)", float64(d)/float64(time.Millisecond)/float64(n), unit,
			100*d.Seconds()/elapsed.Seconds())
	}
	self := selfCPU() - m.self
	if m.l.serveCPU == nil {
		fmt.Fprintf(out, "processor time of pbc serve and the load test together: %s\n", per(self))
		return
	}
	serve, err := m.l.serveCPU()
	if err != nil || m.serveErr != nil {
		fmt.Fprintf(out, "processor time of the load test: %s (pbc serve's unknown: %v)\n", per(self), errors.Join(err, m.serveErr))
		return
	}
	fmt.Fprintf(out, "processor time of pbc serve: %s; of the load test and its fake Discord: %s\n", per(serve-m.serve), per(self))
}

// boards counts the pictures pbc serve has posted or sent so far: boards
// in the channels, private pictures by DM.
func (l *load) boards() int {
	n := 0
	for _, m := range l.f.Messages("") {
		if m.Kind == fakediscord.Post {
			n += len(m.Files)
		}
	}
	return n
}

// turn makes one move at t's current table: the seat that must act (as
// its player sees on the board) asks autocomplete for its moves and makes
// one, by /move or by clicking its button twice at once. ended reports
// that the game has ended instead.
func (l *load) turn(ctx context.Context, t *loadTable, lat *latencies) (ended bool, err error) {
	pt := t.played[len(t.played)-1]
	tb, err := l.store.Table(ctx, pt.id)
	if err != nil {
		return false, err
	}
	if tb.Status == db.Finished {
		return true, nil
	}
	g, err := gameOf(ctx, l.store, tb)
	if err != nil {
		return false, err
	}
	actors := g.ToAct()
	if len(actors) == 0 {
		return false, fmt.Errorf("table %d is running but nobody must act", tb.ID)
	}
	seat := actors[t.rand.IntN(len(actors))].Seat
	u := t.players[seat]
	start := time.Now()
	in := l.f.Autocomplete(t.where, u, "move", "", fakediscord.Opt{Name: "action", Value: "", Focused: true})
	_, err = l.answer(ctx, in)
	lat.add(kindTurnComplete, time.Since(start), err)
	if err != nil {
		return false, nil // counted; the next turn tries again
	}
	legal := g.LegalMoves(seat)
	var offered []games.Move
	for _, ref := range in.Choices {
		if m, ok := component.ResolveMoveRef(ref, legal); ok && m.Group != games.SettingGroup {
			offered = append(offered, m)
		}
	}
	if len(offered) == 0 {
		return false, fmt.Errorf("table %d: autocomplete offered seat %d none of its moves", tb.ID, seat)
	}
	m := offered[t.rand.IntN(len(offered))]
	post, posted := l.f.LastPost(t.where.ChannelID)
	start = time.Now()
	if posted && t.rand.Float64() < l.cfg.doubleClick {
		id := component.MoveButtonID(tb.ID, component.Fingerprint(g, seat), m.Notation)
		var ins [2]*fakediscord.Interaction
		var wg sync.WaitGroup
		for i := range ins {
			wg.Go(func() { ins[i] = l.f.Click(u, post, id) })
		}
		wg.Wait()
		how := fmt.Sprintf("two clicks of %s at version %d answered", id, tb.Version)
		for _, in := range ins {
			reply, err := l.answer(ctx, in)
			lat.add(kindClick, time.Since(start), err)
			if err != nil {
				// Whether it was made is unknown: the log check says.
				return false, fmt.Errorf("table %d: click %s: %w", tb.ID, id, err)
			}
			how += fmt.Sprintf(" %q", l.replied(in, reply))
		}
		pt.answered = append(pt.answered, answeredMove{user: u.ID, ref: m.Notation, how: how})
		return false, nil
	}
	mv := l.f.Command(t.where, u, "move", "", fakediscord.Opt{Name: "action", Value: component.MoveRef(m.Notation, 100)})
	reply, err := l.answer(ctx, mv)
	lat.add(kindMove, time.Since(start), err)
	if err != nil {
		// Whether it was made is unknown: the log check says.
		return false, fmt.Errorf("table %d: /move %s: %w", tb.ID, m.Notation, err)
	}
	how := fmt.Sprintf("/move at version %d answered %q", tb.Version, l.replied(mv, reply))
	pt.answered = append(pt.answered, answeredMove{user: u.ID, ref: m.Notation, how: how})
	return false, nil
}

// replied returns the start of the answer to in, for the report: its
// original response, or its last follow-up when that was withdrawn, or
// that a click was acknowledged without a message.
func (l *load) replied(in *fakediscord.Interaction, original fakediscord.Message) string {
	if l.f.Silent(in) {
		return "(acknowledged)"
	}
	text := original.Content
	if original.Deleted || text == "" {
		if rs := l.f.Replies(in); len(rs) > 0 {
			text = rs[len(rs)-1].Content
		}
	}
	if r := []rune(text); len(r) > 80 {
		text = string(r[:80]) + "…"
	}
	return text
}

// gameOf loads a running table's game from the store: its snapshot and
// the moves after it.
func gameOf(ctx context.Context, store *db.Store, t db.Table) (games.Game, error) {
	def, ok := games.Lookup(t.Game)
	if !ok {
		return nil, fmt.Errorf("table %d: unknown game %q", t.ID, t.Game)
	}
	snap, err := store.LatestSnapshot(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	g, err := def.Restore(snap.State)
	if err != nil {
		return nil, fmt.Errorf("table %d: restore: %w", t.ID, err)
	}
	moves, err := store.Moves(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	for _, m := range moves[min(snap.Moves, len(moves)):] {
		if g, _, err = games.PlayText(g, games.Seat(m.Seat), m.Notation); err != nil {
			return nil, fmt.Errorf("table %d: replay move %d: %w", t.ID, m.N, err)
		}
	}
	return g, nil
}

// checkLogs waits until pbc serve has delivered every message, then
// compares each played table's move log with the moves that were
// answered.
func (l *load) checkLogs(ctx context.Context, out io.Writer) (bool, error) {
	if err := l.drain(ctx); err != nil {
		fmt.Fprintf(out, "\n%v\n", err)
		return false, nil
	}
	var sum logCheck
	for _, t := range l.tables {
		for _, pt := range t.played {
			log, err := l.store.Moves(ctx, pt.id)
			if err != nil {
				return false, err
			}
			c := compareLog(pt.answered, log)
			if c.first != "" && sum.first == "" {
				sum.first = fmt.Sprintf("table %d: %s", pt.id, c.first)
			}
			sum.answered += c.answered
			sum.lost += c.lost
			sum.doubled += c.doubled
			sum.unexpected += c.unexpected
		}
	}
	fmt.Fprintf(out, "\nmove logs in the store against the answered moves: %d answered, %d lost, %d doubled, %d not made by the players\n",
		sum.answered, sum.lost, sum.doubled, sum.unexpected)
	if sum.first != "" {
		fmt.Fprintf(out, "first difference: %s\n", sum.first)
	}
	return sum.first == "", nil
}

// drain waits until pbc serve has delivered every message it owes.
func (l *load) drain(ctx context.Context) error {
	start := time.Now()
	for {
		n, err := l.store.PendingDeliveries(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		if time.Since(start) > l.cfg.timeout {
			return fmt.Errorf("%d messages still undelivered %v after the moves", n, l.cfg.timeout)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// logCheck is how a move log compares with the moves that were answered.
type logCheck struct {
	answered   int
	lost       int // answered, not in the log
	doubled    int // in the log twice in a row, answered once
	unexpected int // in the log, never answered
	first      string
}

// compareLog lines a table's log up with the moves its players were
// answered for, in order (a longest common subsequence): an answered move
// left out is lost, a log entry left out is doubled when it repeats the
// entry before it, and unexpected otherwise.
func compareLog(answered []answeredMove, log []db.Move) logCheck {
	c := logCheck{answered: len(answered)}
	same := func(i, j int) bool {
		return answered[i].user == log[j].UserID && games.NormalizeNotation(answered[i].ref) == games.NormalizeNotation(log[j].Notation)
	}
	// Equal ends need no table.
	lo := 0
	for lo < len(answered) && lo < len(log) && same(lo, lo) {
		lo++
	}
	n, m := len(answered)-lo, len(log)-lo
	for n > 0 && m > 0 && same(lo+n-1, lo+m-1) {
		n--
		m--
	}
	// lcs[i][j] is the longest common subsequence of the middles from i
	// and j on.
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if same(lo+i, lo+j) {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	note := func(format string, args ...any) {
		if c.first == "" {
			c.first = fmt.Sprintf(format, args...)
		}
	}
	extra := func(j int) {
		e := log[j]
		if j > 0 && e.UserID == log[j-1].UserID && e.Notation == log[j-1].Notation {
			c.doubled++
			note("move %d (%s by %s) is in the log twice", j+1, e.Notation, e.UserID)
			return
		}
		c.unexpected++
		note("move %d (%s by %s) was never answered", j+1, e.Notation, e.UserID)
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && same(lo+i, lo+j):
			i++
			j++
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			extra(lo + j)
			j++
		default:
			c.lost++
			a := answered[lo+i]
			note("the answered move %q by %s is not in the log (%s)", a.ref, a.user, a.how)
			i++
		}
	}
	return c
}

// latencies collects the answer times and errors per kind of interaction.
type latencies struct {
	mu     sync.Mutex // protects the fields below
	kinds  []string   // in the order first seen
	times  map[string][]time.Duration
	errors map[string]int
	first  map[string]error
}

func newLatencies() *latencies {
	return &latencies{times: map[string][]time.Duration{}, errors: map[string]int{}, first: map[string]error{}}
}

// add records an answer time, or an error.
func (l *latencies) add(kind string, d time.Duration, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, seen := l.times[kind]; !seen {
		l.kinds = append(l.kinds, kind)
		l.times[kind] = nil
	}
	if err != nil {
		l.errors[kind]++
		if l.first[kind] == nil {
			l.first[kind] = err
		}
		return
	}
	l.times[kind] = append(l.times[kind], d)
}

// print writes a table of the kinds' percentiles and errors; it returns
// the highest p99 and the number of errors.
func (l *latencies) print(out io.Writer) (maxP99 time.Duration, errs int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "kind\tanswered\terrors\tp50\tp95\tp99\tmax\t")
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }
	for _, k := range l.kinds {
		ts := l.times[k]
		slices.Sort(ts)
		pct := func(p float64) time.Duration {
			if len(ts) == 0 {
				return 0
			}
			return ts[min(len(ts)-1, int(p*float64(len(ts))))]
		}
		maxP99 = max(maxP99, pct(0.99))
		errs += l.errors[k]
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\t%s\t%s\t\n", k, len(ts), l.errors[k], ms(pct(0.5)), ms(pct(0.95)), ms(pct(0.99)), ms(pct(1)))
	}
	tw.Flush()
	for _, k := range l.kinds {
		if err := l.first[k]; err != nil {
			fmt.Fprintf(out, "first error of %s: %v\n", k, err)
		}
	}
	return maxP99, errs
}
