package stats

import (
	"math"
	"sort"
)

// Ratings follow the Weng-Lin Bayesian approximation (R. C. Weng and C.-J.
// Lin, "A Bayesian Approximation Method for Online Ranking", Journal of
// Machine Learning Research 12, 2011) with its Plackett-Luce model
// (Algorithm 4), as the OpenSkill libraries implement it: a skill is a
// normal distribution (Mu, Sigma); a game ranks teams of one or more
// players, ties allowed, and moves each player's Mu by how surprising the
// ranking was and shrinks their Sigma. The defaults are the paper's and
// OpenSkill's: Mu 25, Sigma 25/3, Beta Sigma/2, Kappa 0.0001.
//
// No maintained Go implementation is reachable through the module proxy
// this project builds with (see docs/stats.md), so the model is written
// here, and its test checks it against the figures the reference
// implementation publishes.

// Rating is a player's skill estimate in one game.
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// The model's constants.
const (
	initialMu    = 25.0
	initialSigma = initialMu / 3
	beta         = initialSigma / 2
	kappa        = 0.0001
	// ordinalZ is how many standard deviations the displayed rating lies
	// below the mean.
	ordinalZ = 3
)

// NewRating is the rating of a player who has not played yet.
func NewRating() Rating { return Rating{Mu: initialMu, Sigma: initialSigma} }

// Ordinal is the rating shown and sorted by: Mu - 3 Sigma, a skill the
// player has with about 99.7% certainty. It starts at 0 and grows as games
// make the estimate surer.
func (r Rating) Ordinal() float64 { return r.Mu - ordinalZ*r.Sigma }

// rate returns the ratings of teams after a game in which team i took
// place ranks[i] (lower is better; equal ranks are ties). The result has
// the shape of teams.
func rate(teams [][]Rating, ranks []int) [][]Rating {
	n := len(teams)
	type team struct {
		index   int
		mu, ss  float64 // sum of Mu, sum of Sigma²
		rank    int
		members []Rating
	}
	ts := make([]team, n)
	for i, members := range teams {
		t := team{index: i, rank: ranks[i], members: members}
		for _, r := range members {
			t.mu += r.Mu
			t.ss += r.Sigma * r.Sigma
		}
		ts[i] = t
	}
	sort.SliceStable(ts, func(a, b int) bool { return ts[a].rank < ts[b].rank })
	var c float64
	for _, t := range ts {
		c += t.ss + beta*beta
	}
	c = math.Sqrt(c)
	// sumQ[q] sums exp(mu/c) over the teams ranked no better than q; a[q]
	// counts the teams tied with q.
	sumQ := make([]float64, n)
	a := make([]float64, n)
	for q, tq := range ts {
		for _, ti := range ts {
			if ti.rank >= tq.rank {
				sumQ[q] += math.Exp(ti.mu / c)
			}
			if ti.rank == tq.rank {
				a[q]++
			}
		}
	}
	out := make([][]Rating, n)
	for i, ti := range ts {
		e := math.Exp(ti.mu / c)
		var omega, delta float64
		for q, tq := range ts {
			if tq.rank > ti.rank {
				continue
			}
			quotient := e / sumQ[q]
			if q == i {
				omega += (1 - quotient) / a[q]
			} else {
				omega -= quotient / a[q]
			}
			delta += quotient * (1 - quotient) / a[q]
		}
		gamma := math.Sqrt(ti.ss) / c
		omega *= ti.ss / c
		delta *= gamma * ti.ss / (c * c)
		rated := make([]Rating, len(ti.members))
		for j, r := range ti.members {
			share := r.Sigma * r.Sigma / ti.ss
			rated[j] = Rating{
				Mu:    r.Mu + share*omega,
				Sigma: r.Sigma * math.Sqrt(math.Max(1-share*delta, kappa)),
			}
		}
		out[ti.index] = rated
	}
	return out
}
