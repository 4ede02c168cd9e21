package stats

import (
	"cmp"
	"slices"
	"time"

	"github.com/playbychat/pbc/games"
)

// Report is the figures of a set of tables (a server's, say).
type Report struct {
	// Games holds one entry per game played, by game id.
	Games []GameReport
	// Players holds one entry per person who played, by name.
	Players []PlayerReport
}

// GameReport is one game's figures.
type GameReport struct {
	Game string
	// Finished and Abandoned count the tables.
	Finished, Abandoned int
	// Answers times every person's answers at this game.
	Answers Timing
	// Leaderboard lists the persons with at least one rated table, by
	// rating (best first).
	Leaderboard []Standing
	// Opponent is the rating of a cooperative game itself, against which
	// its tables play; nil for other games.
	Opponent *Rating
}

// PlayerReport is one person's figures.
type PlayerReport struct {
	User string
	Name string // the name at their latest table
	// Games holds one standing per game they played, by game id.
	Games []Standing
	// Answers times all their answers.
	Answers Timing
}

// Standing is a person's figures at one game.
type Standing struct {
	Game string
	User string
	Name string
	// Played counts the finished tables, Won those they won, Abandoned the
	// abandoned ones.
	Played, Won, Abandoned int
	// Rating is their rating after Rated rated tables.
	Rating Rating
	Rated  int
	// Answers times their answers at this game.
	Answers Timing
}

// Timing sums up answer times: how many, their mean (to the second) and
// their median.
type Timing struct {
	Count  int
	Mean   time.Duration
	Median time.Duration
}

// timing sums up ds (in any order).
func timing(ds []time.Duration) Timing {
	if len(ds) == 0 {
		return Timing{}
	}
	sorted := slices.Clone(ds)
	slices.Sort(sorted)
	var total time.Duration
	for _, d := range sorted {
		total += d
	}
	n := len(sorted)
	median := sorted[n/2]
	if n%2 == 0 {
		median = (sorted[n/2-1] + sorted[n/2]) / 2
	}
	return Timing{Count: n, Mean: (total / time.Duration(n)).Round(time.Second), Median: median}
}

// Compute makes the report of the given tables. Ratings are computed in
// the order the tables ended (then by table number), whatever the order of
// sums.
func Compute(sums []Summary) Report {
	sums = slices.Clone(sums)
	slices.SortStableFunc(sums, func(a, b Summary) int {
		return cmp.Or(a.Ended.Compare(b.Ended), cmp.Compare(a.Table, b.Table))
	})
	type key struct{ game, user string }
	var (
		byGame    = map[string]*GameReport{}
		gameTimes = map[string][]time.Duration{}
		standings = map[key]*Standing{}
		times     = map[key][]time.Duration{}
		userTimes = map[string][]time.Duration{}
		names     = map[string]string{}
		opponents = map[string]Rating{}
	)
	standing := func(game, user, name string) *Standing {
		k := key{game, user}
		st := standings[k]
		if st == nil {
			st = &Standing{Game: game, User: user, Rating: NewRating()}
			standings[k] = st
		}
		st.Name = name
		names[user] = name
		return st
	}
	for _, s := range sums {
		g := byGame[s.Game]
		if g == nil {
			g = &GameReport{Game: s.Game}
			byGame[s.Game] = g
		}
		for _, a := range s.Answers {
			k := key{s.Game, a.User}
			times[k] = append(times[k], a.Took)
			gameTimes[s.Game] = append(gameTimes[s.Game], a.Took)
			userTimes[a.User] = append(userTimes[a.User], a.Took)
		}
		var persons []int // the seats held by persons
		for i, r := range s.Seats {
			if r.User == "" {
				continue
			}
			persons = append(persons, i)
			st := standing(s.Game, r.User, r.Name)
			switch s.Status {
			case Finished:
				st.Played++
				if r.Won {
					st.Won++
				}
			case Abandoned:
				st.Abandoned++
			}
		}
		if s.Status == Abandoned {
			g.Abandoned++
			continue
		}
		g.Finished++
		def, _ := games.Lookup(s.Game)
		if def != nil && def.Cooperative {
			rateTogether(s, persons, opponents, func(user string) *Standing { return standings[key{s.Game, user}] })
		} else {
			rateApart(s, persons, func(user string) *Standing { return standings[key{s.Game, user}] })
		}
	}
	var rep Report
	players := map[string]*PlayerReport{}
	for k, st := range standings {
		st.Answers = timing(times[k])
		p := players[k.user]
		if p == nil {
			p = &PlayerReport{User: k.user, Name: names[k.user], Answers: timing(userTimes[k.user])}
			players[k.user] = p
		}
		p.Games = append(p.Games, *st)
		if st.Rated > 0 {
			byGame[k.game].Leaderboard = append(byGame[k.game].Leaderboard, *st)
		}
	}
	for id, g := range byGame {
		g.Answers = timing(gameTimes[id])
		if r, ok := opponents[id]; ok {
			g.Opponent = &r
		}
		slices.SortFunc(g.Leaderboard, func(a, b Standing) int {
			return cmp.Or(cmp.Compare(b.Rating.Ordinal(), a.Rating.Ordinal()), cmp.Compare(b.Won, a.Won),
				cmp.Compare(a.Name, b.Name), cmp.Compare(a.User, b.User))
		})
		rep.Games = append(rep.Games, *g)
	}
	slices.SortFunc(rep.Games, func(a, b GameReport) int { return cmp.Compare(a.Game, b.Game) })
	for _, p := range players {
		slices.SortFunc(p.Games, func(a, b Standing) int { return cmp.Compare(a.Game, b.Game) })
		rep.Players = append(rep.Players, *p)
	}
	slices.SortFunc(rep.Players, func(a, b PlayerReport) int { return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.User, b.User)) })
	return rep
}

// rateApart rates a competitive table: each person a team of one, ranked
// by place. Fewer than two persons are not rated.
func rateApart(s Summary, persons []int, standing func(user string) *Standing) {
	if len(persons) < 2 {
		return
	}
	teams := make([][]Rating, len(persons))
	ranks := make([]int, len(persons))
	for i, seat := range persons {
		teams[i] = []Rating{standing(s.Seats[seat].User).Rating}
		ranks[i] = s.Seats[seat].Place
	}
	for i, team := range rate(teams, ranks) {
		st := standing(s.Seats[persons[i]].User)
		st.Rating = team[0]
		st.Rated++
	}
}

// rateTogether rates a cooperative table: its persons as one team against
// the game's own rating, first when they won.
func rateTogether(s Summary, persons []int, opponents map[string]Rating, standing func(user string) *Standing) {
	if len(persons) == 0 {
		return
	}
	game, ok := opponents[s.Game]
	if !ok {
		game = NewRating()
	}
	team := make([]Rating, len(persons))
	for i, seat := range persons {
		team[i] = standing(s.Seats[seat].User).Rating
	}
	ranks := []int{1, 0} // the game won
	if s.Seats[persons[0]].Won {
		ranks = []int{0, 1}
	}
	rated := rate([][]Rating{team, {game}}, ranks)
	for i, seat := range persons {
		st := standing(s.Seats[seat].User)
		st.Rating = rated[0][i]
		st.Rated++
	}
	opponents[s.Game] = rated[1][0]
}
