package bot

import (
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/playbychat/pbc/bot/command"
	"github.com/playbychat/pbc/bot/dice"
	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/rng"
)

// rollCommand handles /roll dice:<expression> [private] and
// /roll dice:reveal <preimage>.
func (b *Bot) rollCommand(c *call) error {
	text := c.in.Options.String(command.OptDice)
	if rest, ok := strings.CutPrefix(text, "reveal "); ok {
		return b.reveal(c, strings.TrimSpace(rest))
	}
	expr, err := dice.Parse(text)
	if err != nil {
		return err
	}
	var seed [8]byte
	if _, err := io.ReadFull(b.random, seed[:]); err != nil {
		return fmt.Errorf("dice seed: %w", err)
	}
	public := channelLang(c)
	if !c.in.Options.Bool(command.OptPrivate) {
		_, detail := expr.Roll(rng.New(binary.BigEndian.Uint64(seed[:])), public)
		return c.reply(Message{Content: tr(public, msgRolled, c.in.User.Name, detail)})
	}
	_, detail := expr.Roll(rng.New(binary.BigEndian.Uint64(seed[:])), c.lang)
	var nonce [16]byte
	if _, err := io.ReadFull(b.random, nonce[:]); err != nil {
		return fmt.Errorf("roll nonce: %w", err)
	}
	preimage, commitment := dice.Commit(detail, nonce[:])
	b.commitments.Add(commitment, struct{}{})
	if err := c.reply(Message{Content: tr(public, msgRolledPrivately, c.in.User.Name, expr.In(public), commitment)}); err != nil {
		return err
	}
	// The secret goes through the outbox like every DM; it belongs to no
	// table. A user who takes no DMs gets it as an ephemeral reply.
	secret := Message{Content: clip(tr(c.lang, msgPrivateRoll, detail, preimage))}
	dm := dmTo(db.Table{GuildID: c.in.GuildID}, c.in.User.ID, secret)
	if err := b.store.Enqueue(c.ctx, dm); err != nil {
		return fmt.Errorf("private roll: %w", err)
	}
	if !slices.Contains(b.flush(c.ctx, []db.Delivery{dm}), c.in.User.ID) {
		return nil
	}
	secret.Ephemeral = true
	return c.reply(secret)
}

// reveal posts a private roll's preimage with its commitment, and says
// whether this bot made that commitment since it started.
func (b *Bot) reveal(c *call, preimage string) error {
	result, ok := dice.Result(preimage)
	if !ok {
		return refuse(msgRevealUsage)
	}
	commitment := dice.Commitment(preimage)
	known := b.commitments.Contains(commitment)
	m := msgRevealUnknown
	if known {
		m = msgRevealKnown
	}
	return c.reply(Message{Content: clip(tr(channelLang(c), m, c.in.User.Name, result, commitment))})
}

// channelLang is the language of a public answer outside a table: the
// server's (as a new table's default), or in a DM the user's own.
func channelLang(c *call) games.Lang {
	if c.in.GuildLocale == "" {
		return c.lang
	}
	return localeLang(c.in.GuildLocale)
}
