package bot

import (
	"context"
	"fmt"

	"github.com/playbychat/pbc/bot/component"
	"github.com/playbychat/pbc/games"
)

// PageLinks makes the addresses of the tables' pages in a browser
// (package bot/web): the public page of a table, and the private page of a
// seat for the user who holds it at the seat's link generation
// (db.Seat.LinkGen), which is void once another user holds the seat, the
// generation is raised (/hand new_link) or the link expires.
type PageLinks interface {
	PublicLink(table int64) string
	SeatLink(table int64, seat int, userID string, linkGen int) string
}

// The labels of the page link buttons.
var (
	labelTablePage = games.T("Table page", "Tischseite")
	labelSeatPage  = games.T("Your page (private link)", "Deine Seite (privater Link)")
)

// withPageLink adds a link button to the table's public page to rows, the
// components of a board post, when the pages are on.
func (b *Bot) withPageLink(s *session, rows []Row, lang games.Lang) []Row {
	if b.pages == nil {
		return rows
	}
	return withLink(rows, Button{Label: labelTablePage.In(lang), Style: component.Link, URL: b.pages.PublicLink(s.table.ID)})
}

// withSeatLink adds a link button to the private page of seat, for the
// user who holds it, to rows, the components of a reply only that user
// sees (/hand), when the pages are on.
func (b *Bot) withSeatLink(s *session, seat games.Seat, userID string, rows []Row, lang games.Lang) []Row {
	if b.pages == nil {
		return rows
	}
	return withLink(rows, Button{Label: labelSeatPage.In(lang), Style: component.Link,
		URL: b.pages.SeatLink(s.table.ID, int(seat), userID, s.linkGen(seat))})
}

// voidSeatLinks raises the link generation of seat in the store and in the
// session, which voids the seat's private links made before.
func (b *Bot) voidSeatLinks(ctx context.Context, s *session, seat games.Seat) error {
	gen, err := b.store.BumpSeatLink(ctx, s.table.ID, int(seat))
	if err != nil {
		return fmt.Errorf("void the page links of seat %d: %w", seat, err)
	}
	for i := range s.seats {
		if s.seats[i].Seat == int(seat) {
			s.seats[i].LinkGen = gen
		}
	}
	return nil
}

// linkGen is the link generation of seat (db.Seat.LinkGen).
func (s *session) linkGen(seat games.Seat) int {
	for _, st := range s.seats {
		if st.Seat == int(seat) {
			return st.LinkGen
		}
	}
	return 0
}

// withLink adds button to rows: in a row of its own while Discord allows
// another, else beside the buttons of the last row with room; a message
// that has neither stays without it (its moves matter more).
func withLink(rows []Row, button Button) []Row {
	if len(rows) < component.MaxRows {
		return append(rows, Row{Buttons: []Button{button}})
	}
	for i := len(rows) - 1; i >= 0; i-- {
		if rows[i].Select == nil && len(rows[i].Buttons) < component.MaxButtons {
			out := append([]Row(nil), rows...)
			out[i].Buttons = append(append([]Button(nil), out[i].Buttons...), button)
			return out
		}
	}
	return rows
}
