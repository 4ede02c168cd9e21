package dei

import "github.com/playbychat/pbc/games"

var _ games.Holder = (*View)(nil)

// Holdings lists the viewer's faction and leader, hand, plan, feats and
// the missions it marked.
func (v *View) Holdings() []games.Holding {
	if v.Seat == games.Spectator || int(v.Seat) >= len(v.Players) {
		return nil
	}
	p := v.Players[v.Seat]
	var out []games.Holding
	if p.Faction != "" {
		f := games.Holding{Name: msgs.Text("HoldFaction"), Pieces: []string{p.Faction}}
		if p.LeaderKey != "" {
			f.Pieces = append(f.Pieces, p.LeaderKey)
		}
		if p.Drone != "" {
			f.Pieces = append(f.Pieces, p.Drone)
		}
		out = append(out, f)
	}
	cards := func(name games.Text, cs []CardView) {
		if len(cs) == 0 {
			return
		}
		h := games.Holding{Name: name}
		for _, c := range cs {
			h.Pieces = append(h.Pieces, c.ID)
		}
		out = append(out, h)
	}
	cards(msgs.Text("HoldHand"), p.Hand)
	cards(msgs.Text("HoldPlan"), p.Plan)
	feats := games.Holding{Name: msgs.Text("HoldFeats")}
	for _, f := range p.Feats {
		if f.Known {
			feats.Pieces = append(feats.Pieces, f.Key)
		}
	}
	if len(feats.Pieces) > 0 {
		out = append(out, feats)
	}
	missions := games.Holding{Name: msgs.Text("HoldMissions")}
	for _, slot := range p.Marks {
		if slot >= 0 && slot < len(v.Missions) && v.Missions[slot].ID != "" {
			missions.Pieces = append(missions.Pieces, v.Missions[slot].ID)
		}
	}
	if len(missions.Pieces) > 0 {
		out = append(out, missions)
	}
	return out
}
