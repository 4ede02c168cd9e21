package bot

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/bot/command"
	"github.com/playbychat/pbc/games"
)

// The phone view. Discord shows a picture about 400 px wide on a phone, where
// only a board's headline strip can be read. A board post therefore also
// carries phone panels, one part of the board each (the acting seats'
// areas, the map or market at hand, the scores), drawn to be read at that
// width; the full board stays the post's first picture, one tap away.
// /game board view:<part> shows any part on request, other seats included.

// PanelRenderer draws a view's phone panels, in lang with the seats named
// by names (images.Parts, encoded, has this shape). It lists every panel
// but draws the picture (PNG) only of those whose name wanted accepts: a
// post attaches a few of a view's panels, and drawing one is the costly
// part. A game without panels yields none.
type PanelRenderer func(view games.View, names []string, lang games.Lang, wanted func(name string) bool) ([]Panel, error)

// Panel is one phone panel.
type Panel struct {
	// Part is the panel's part: PartMine, PartMap, PartMarket, PartScores or
	// SeatPart(seat), or a page of one ("market-2", see partOf).
	Part string
	PNG  []byte // nil when the panel was not wanted
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

// partOf is the part of the panel named name: a part too long for one
// panel comes as its pages, the first named after the part, the next
// "market-2", "market-3" and so on (images.PagePart).
func partOf(name string) string {
	part, _, _ := strings.Cut(name, "-")
	return part
}

// maxAttachments is how many files Discord takes with one message.
const maxAttachments = 10

// panelFiles returns the phone panels of s's public view as files for a
// board post, to follow its board: the parts of the seats that must act,
// then the map or market and the scores, each with all its pages, as many
// as fit beside the board.
// The other seats' parts are left to /game board view: (each panel weighs
// 20-70 KB). Drawing errors are logged; the post goes without panels.
func (b *Bot) panelFiles(ctx context.Context, s *session, lang games.Lang) []File {
	actors := s.game.ToAct()
	isActing := func(part string) bool {
		return slices.ContainsFunc(actors, func(a games.Actor) bool { return SeatPart(a.Seat) == part })
	}
	isShared := func(part string) bool { return part == PartMap || part == PartMarket || part == PartScores }
	panels, ok := b.drawPanels(ctx, s, games.Spectator, lang, func(part string) bool { return isActing(part) || isShared(part) })
	if !ok {
		return nil
	}
	var acting, rest []File
	for _, p := range panels {
		switch part := partOf(p.Part); {
		case isActing(part):
			acting = append(acting, panelFile(s, p))
		case isShared(part):
			rest = append(rest, panelFile(s, p))
		}
	}
	out := append(acting, rest...)
	return out[:min(len(out), maxAttachments-1)]
}

// drawPanels lists the panels of seat's view of s's game, drawing those
// of the parts wanted (a part's pages with it).
func (b *Bot) drawPanels(ctx context.Context, s *session, seat games.Seat, lang games.Lang, wanted func(part string) bool) ([]Panel, bool) {
	if b.panels == nil {
		return nil, false
	}
	panels, err := b.panels(s.game.View(seat), s.names(), lang, func(name string) bool { return wanted(partOf(name)) })
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

// boardPart answers /game board view:<part>: that phone panel alone, or
// its pages when the part takes several. The
// caller's own part (mine) is drawn from its seat's view and shown to it
// alone; the others from the public view, shown to the channel when the
// caller plays at the table. A game that draws a market and no map shows
// it for either name, and the other way round.
func (b *Bot) boardPart(c *call, s *session) error {
	part := strings.ToLower(c.in.Options.String(command.OptView))
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
	either := func(p string) bool { return p == PartMap || p == PartMarket }
	panels, _ := b.drawPanels(c.ctx, s, view, lang, func(p string) bool { return p == part || either(part) && either(p) })
	files := partFiles(s, panels, func(p string) bool { return p == part })
	if len(files) == 0 && either(part) {
		files = partFiles(s, panels, either)
	}
	if len(files) == 0 {
		var have []string
		for _, p := range panels {
			if !slices.Contains(have, partOf(p.Part)) {
				have = append(have, partOf(p.Part))
			}
		}
		if len(have) == 0 {
			return refuse(msgNoPanels)
		}
		return refuse(msgNoPanel, part, strings.Join(have, ", "))
	}
	return c.reply(Message{Files: files, Ephemeral: private})
}

// partFiles returns the panels whose part is wanted as files, at most as
// many as a message takes.
func partFiles(s *session, panels []Panel, wanted func(part string) bool) []File {
	var out []File
	for _, p := range panels {
		if wanted(partOf(p.Part)) && len(out) < maxAttachments {
			out = append(out, panelFile(s, p))
		}
	}
	return out
}
