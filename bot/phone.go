package bot

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games"
)

// The phone view. Discord shows a picture about 400 px wide on a phone, where
// only a board's headline strip can be read. A board post therefore also
// carries phone panels, one part of the board each (the acting seat's area,
// the map or market at hand, the scores, the other seats), drawn to be read
// at that width; the full board stays the post's first picture, one tap
// away. /game board view:<part> shows one part on request.

// PanelRenderer draws a view's phone panels, in lang with the seats named
// by names (images.Parts, encoded, has this shape). A game without panels
// yields none.
type PanelRenderer func(view games.View, names []string, lang games.Lang) ([]Panel, error)

// Panel is one phone panel.
type Panel struct {
	// Part is the panel's part: PartMine, PartMap, PartMarket, PartScores or
	// SeatPart(seat).
	Part string
	PNG  []byte
	Alt  string // what the panel shows, for screen readers
}

// The parts of a board; the values are those of images.Part.Name and of
// the view option of /game board.
const (
	PartMine   = "mine"
	PartMap    = "map"
	PartMarket = "market"
	PartScores = "scores"
)

// SeatPart is the part that shows seat.
func SeatPart(seat games.Seat) string { return "seat" + strconv.Itoa(int(seat)+1) }

// maxAttachments is how many files Discord takes with one message.
const maxAttachments = 10

// panelFiles returns the phone panels of s's public view as files for a
// board post, to follow its board: the acting seat's part first, then the
// map or market, the scores and the other seats, as many as fit beside the
// board. Drawing errors are logged; the post goes without panels.
func (b *Bot) panelFiles(ctx context.Context, s *session, lang games.Lang) []File {
	panels, ok := b.drawPanels(ctx, s, games.Spectator, lang)
	if !ok {
		return nil
	}
	first := map[string]bool{}
	for _, a := range s.game.ToAct() {
		first[SeatPart(a.Seat)] = true
	}
	// A stable sort keeps the game's order within each group.
	slices.SortStableFunc(panels, func(x, y Panel) int {
		switch {
		case first[x.Part] == first[y.Part]:
			return 0
		case first[x.Part]:
			return -1
		}
		return 1
	})
	var out []File
	for _, p := range panels[:min(len(panels), maxAttachments-1)] {
		out = append(out, panelFile(s, p))
	}
	return out
}

// drawPanels draws the panels of seat's view of s's game.
func (b *Bot) drawPanels(ctx context.Context, s *session, seat games.Seat, lang games.Lang) ([]Panel, bool) {
	if b.panels == nil {
		return nil, false
	}
	panels, err := b.panels(s.game.View(seat), s.names(), lang)
	if err != nil {
		// The seat is logged, never the view: it may be private.
		b.log.ErrorContext(ctx, "render panels", "table", s.table.ID, "seat", int(seat), "err", err)
		return nil, false
	}
	return panels, true
}

func panelFile(s *session, p Panel) File {
	return File{Name: "phone-" + p.Part + ".png", ContentType: "image/png", Data: p.PNG, Alt: s.format(p.Alt)}
}

// boardPart answers /game board view:<part>: that phone panel alone. The
// caller's own part (mine) is drawn from its seat's view and shown to it
// alone; the others from the public view, shown to the channel when the
// caller plays at the table. A game that draws a market and no map shows
// it for either name, and the other way round.
func (b *Bot) boardPart(c *call, s *session) error {
	part := strings.ToLower(c.in.Options.String(OptView))
	lang := tableLang(s.table)
	seat, seated := s.seatOf(c.in.User.ID)
	if !seated {
		lang = c.lang
	}
	view, private := games.Spectator, !seated
	if part == PartMine {
		if !seated {
			return refuse(msgNotSeated)
		}
		view, private = seat, true
	}
	panels, _ := b.drawPanels(c.ctx, s, view, lang)
	i := slices.IndexFunc(panels, func(p Panel) bool { return p.Part == part })
	if i < 0 && (part == PartMap || part == PartMarket) {
		i = slices.IndexFunc(panels, func(p Panel) bool { return p.Part == PartMap || p.Part == PartMarket })
	}
	if i < 0 {
		var have []string
		for _, p := range panels {
			have = append(have, p.Part)
		}
		if len(have) == 0 {
			return refuse(msgNoPanels)
		}
		return refuse(msgNoPanel, part, strings.Join(have, ", "))
	}
	return c.reply(Message{Files: []File{panelFile(s, panels[i])}, Ephemeral: private})
}
