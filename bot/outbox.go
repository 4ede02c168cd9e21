package bot

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/playbychat/pbc/bot/outbox"
	"github.com/playbychat/pbc/db"
)

// The outbox's entries: what a change owes Discord, encoded as the store
// keeps it, and its delivery through package bot/outbox, which sends each
// entry with sender (see the package doc of bot/outbox).

// wireMessage is a Message as the outbox stores it; files are stored
// apart.
type wireMessage struct {
	Content  string   `json:"content,omitempty"`
	Embeds   []Embed  `json:"embeds,omitempty"`
	Rows     []Row    `json:"rows,omitempty"`
	Mentions []string `json:"mentions,omitempty"`
	// Panel marks a DM as a seat's panel or a notice linking to it.
	Panel *panelRef `json:"panel,omitempty"`
}

// delivery makes an outbox entry of table t.
func delivery(t db.Table, kind db.DeliveryKind, channel string, m Message, live bool) db.Delivery {
	data, err := json.Marshal(wireMessage{Content: m.Content, Embeds: m.Embeds, Rows: m.Rows, Mentions: m.Mentions})
	if err != nil {
		// A Message of strings and ints always encodes.
		panic(fmt.Sprintf("encode message: %v", err))
	}
	d := db.Delivery{GuildID: t.GuildID, TableID: t.ID, Kind: kind, Channel: channel, Live: live, Message: data}
	for _, f := range m.Files {
		d.Files = append(d.Files, db.DeliveryFile{Name: f.Name, ContentType: f.ContentType, Alt: f.Alt, Data: f.Data})
	}
	return d
}

// postTo is a post of m in t's channel; live makes it the table's live
// message, which later edits change.
func postTo(t db.Table, m Message, live bool) db.Delivery {
	return delivery(t, db.PostDelivery, t.ChannelID, m, live)
}

// editLive is an edit of t's live message to m.
func editLive(t db.Table, m Message) db.Delivery {
	return delivery(t, db.EditDelivery, t.ChannelID, m, false)
}

// dmTo is a DM of m to a user about table t.
func dmTo(t db.Table, userID string, m Message) db.Delivery {
	return delivery(t, db.DMDelivery, userID, m, false)
}

// message decodes an outbox entry, and the panel a DM is (nil for none).
func message(d db.Delivery) (Message, *panelRef, error) {
	var w wireMessage
	if len(d.Message) > 0 {
		if err := json.Unmarshal(d.Message, &w); err != nil {
			return Message{}, nil, fmt.Errorf("%w: decode delivery %d: %w", outbox.ErrRejected, d.ID, err)
		}
	}
	m := Message{Content: w.Content, Embeds: w.Embeds, Rows: w.Rows, Mentions: w.Mentions}
	for _, f := range d.Files {
		m.Files = append(m.Files, File{Name: f.Name, ContentType: f.ContentType, Data: f.Data, Alt: f.Alt})
	}
	return m, w.Panel, nil
}

// sender sends outbox entries through Discord: it decodes an entry's
// message and calls the matching Discord method; a seat's panel goes
// through panelDM (Bot.deliverPanelDM), which edits it in place.
type sender struct {
	discord Discord
	panelDM func(ctx context.Context, d db.Delivery, ref panelRef, m Message) error
}

var _ outbox.Sender = sender{}

// Post implements outbox.Sender.
func (s sender) Post(ctx context.Context, d db.Delivery, nonce string) (string, error) {
	m, _, err := message(d)
	if err != nil {
		return "", err
	}
	m.Nonce = nonce
	return s.discord.Post(ctx, d.Channel, m)
}

// Edit implements outbox.Sender.
func (s sender) Edit(ctx context.Context, d db.Delivery) error {
	m, _, err := message(d)
	if err != nil {
		return err
	}
	return s.discord.Edit(ctx, d.Channel, d.TargetMessage, m)
}

// DM implements outbox.Sender; Discord.DM does not say the message id (a
// panel's is kept by deliverPanelDM).
func (s sender) DM(ctx context.Context, d db.Delivery, nonce string) (string, error) {
	m, panel, err := message(d)
	if err != nil {
		return "", err
	}
	m.Nonce = nonce
	if panel != nil && s.panelDM != nil {
		return "", s.panelDM(ctx, d, *panel, m)
	}
	return "", s.discord.DM(ctx, d.Channel, m)
}

// dmBlocked is what a DM refused for good owes: the warning in its
// table's channel (see dmBlockedWarning), or nothing for a DM of no table.
func (b *Bot) dmBlocked(ctx context.Context, d db.Delivery) []db.Delivery {
	if d.TableID == 0 {
		return nil
	}
	t, err := b.store.Table(ctx, d.TableID)
	if err != nil {
		return nil
	}
	return b.dmBlockedWarning(t, d.Channel)
}

// flush delivers what out owes right away (see outbox.Worker.Flush) and
// returns the users whose DMs were found refused.
func (b *Bot) flush(ctx context.Context, out []db.Delivery) []string {
	return b.outbox.Flush(ctx, out)
}

// DeliverDue delivers every queue of the outbox whose next entry is due at
// the Clock's time, and returns when they are done.
func (b *Bot) DeliverDue(ctx context.Context) error { return b.outbox.DeliverDue(ctx) }

// RunDeliveries delivers the outbox until ctx ends: first whatever a
// previous run left undelivered, then every DeliveryPoll. Changes deliver
// their own messages at once; this loop sends what could not go out then.
func (b *Bot) RunDeliveries(ctx context.Context) error { return b.outbox.Run(ctx) }
