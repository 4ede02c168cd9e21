package discordapi

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/playbychat/pbc/bot"
)

// Handler handles one interaction; *bot.Bot implements it.
type Handler interface {
	Handle(ctx context.Context, in *bot.Interaction, r bot.Responder) error
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc func(ctx context.Context, in *bot.Interaction, r bot.Responder) error

// Handle calls f.
func (f HandlerFunc) Handle(ctx context.Context, in *bot.Interaction, r bot.Responder) error {
	return f(ctx, in, r)
}

// respState is how far the response to an interaction has got.
type respState int

const (
	fresh          respState = iota // nothing sent yet
	deferredReply                   // type 5 sent: @original waits for content
	deferredUpdate                  // type 6 sent: the clicked message may be edited
	answered                        // the response has content
)

// Responder answers one interaction through the REST API. If the handler
// has not answered after Client.DeferAfter, the interaction is deferred
// (type 5 for commands, type 6 for components) and the first Reply then
// edits the deferred response.
type Responder struct {
	c     *Client
	i     *discordgo.Interaction
	kind  bot.InteractionKind
	timer *time.Timer
	acked chan struct{} // closed once Discord has accepted a response

	mu        sync.Mutex // protects the fields below
	state     respState
	ephemeral bool // the deferred response is ephemeral
	visible   bool // the user has been shown something
}

var _ bot.Responder = (*Responder)(nil)

// NewResponder returns the responder for i and starts the defer timer
// for commands and components. ephemeral tells whether a deferred reply
// should be ephemeral (a guess about what the handler will send).
func (c *Client) NewResponder(i *discordgo.Interaction, kind bot.InteractionKind, ephemeral bool) *Responder {
	r := &Responder{c: c, i: i, kind: kind, ephemeral: ephemeral, acked: make(chan struct{})}
	if kind != bot.AutocompleteInteraction {
		r.timer = time.AfterFunc(c.DeferAfter, r.deferNow)
	}
	return r
}

// Acked is closed once Discord has accepted the first response or the
// deferral.
func (r *Responder) Acked() <-chan struct{} { return r.acked }

func (r *Responder) deferNow() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state != fresh {
		return
	}
	resp := response{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	next := deferredReply
	if r.kind == bot.ComponentInteraction {
		resp.Type = discordgo.InteractionResponseDeferredMessageUpdate
		next = deferredUpdate
	} else if r.ephemeral {
		resp.Data = deferral{Flags: discordgo.MessageFlagsEphemeral}
	}
	// The handler's context is not ours; a deferral must not outlive the
	// interaction token anyway.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := r.callback(ctx, resp, nil); err != nil {
		r.c.log.Error("defer interaction", "interaction", r.i.ID, "err", err)
		return
	}
	r.state = next
}

func (r *Responder) stopTimer() {
	if r.timer != nil {
		r.timer.Stop()
	}
}

func (r *Responder) callback(ctx context.Context, resp response, fs []bot.File) error {
	uri := discordgo.EndpointInteractionResponse(r.i.ID, r.i.Token)
	if _, err := r.c.request(ctx, http.MethodPost, uri, uri, resp, fs); err != nil {
		return err
	}
	select {
	case <-r.acked:
	default:
		close(r.acked)
	}
	return nil
}

// editOriginal edits the interaction's original response; the bucket is
// per token, not discordgo's bot-wide webhook-edit bucket.
func (r *Responder) editOriginal(ctx context.Context, m bot.Message) error {
	uri := discordgo.EndpointInteractionResponseActions(r.i.AppID, r.i.Token)
	_, err := r.c.request(ctx, http.MethodPatch, uri, uri, newPayload(m, false), m.Files)
	return err
}

func (r *Responder) deleteOriginal(ctx context.Context) error {
	uri := discordgo.EndpointInteractionResponseActions(r.i.AppID, r.i.Token)
	_, err := r.c.request(ctx, http.MethodDelete, uri, uri, nil, nil)
	return err
}

func (r *Responder) followUp(ctx context.Context, m bot.Message) error {
	uri := discordgo.EndpointFollowupMessage(r.i.AppID, r.i.Token)
	_, err := r.c.request(ctx, http.MethodPost, uri+"?wait=true", uri, newPayload(m, true), m.Files)
	return err
}

// Reply sends m: as the response, into the deferred response, or as a
// follow-up once the response has been given.
func (r *Responder) Reply(ctx context.Context, m bot.Message) error {
	r.stopTimer()
	r.mu.Lock()
	defer r.mu.Unlock()
	var err error
	switch r.state {
	case fresh:
		err = r.callback(ctx, response{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: newPayload(m, true),
		}, m.Files)
	case deferredReply:
		if m.Ephemeral == r.ephemeral {
			err = r.editOriginal(ctx, m)
			break
		}
		// A deferred response cannot change its visibility: send the
		// reply as a follow-up and drop the "thinking" message.
		if err = r.followUp(ctx, m); err == nil {
			err = r.deleteOriginal(ctx)
		}
	default:
		err = r.followUp(ctx, m)
	}
	if err != nil {
		return fmt.Errorf("reply to interaction %s: %w", r.i.ID, err)
	}
	r.state, r.visible = answered, true
	return nil
}

// Update replaces the message the component was on. For other
// interactions it is Reply. Call it before any Reply: after a reply the
// clicked message can only be edited through the channel, which fails for
// ephemeral messages.
func (r *Responder) Update(ctx context.Context, m bot.Message) error {
	if r.kind != bot.ComponentInteraction {
		return r.Reply(ctx, m)
	}
	r.stopTimer()
	r.mu.Lock()
	defer r.mu.Unlock()
	var err error
	switch {
	case r.state == fresh:
		err = r.callback(ctx, response{Type: discordgo.InteractionResponseUpdateMessage, Data: newPayload(m, false)}, m.Files)
	case r.state == deferredUpdate:
		err = r.editOriginal(ctx, m)
	case r.i.Message != nil:
		uri := discordgo.EndpointChannelMessage(r.i.ChannelID, r.i.Message.ID)
		_, err = r.c.request(ctx, http.MethodPatch, uri, discordgo.EndpointChannelMessage(r.i.ChannelID, ""), newPayload(m, false), m.Files)
	default:
		err = errors.New("no message to update")
	}
	if err != nil {
		return fmt.Errorf("update for interaction %s: %w", r.i.ID, err)
	}
	if r.state == fresh {
		r.state = deferredUpdate // later Updates edit @original, Replies follow up
	}
	r.visible = true
	return nil
}

// Acknowledge answers a component interaction silently (type 6, deferred
// update) unless it has been answered or deferred already.
func (r *Responder) Acknowledge(ctx context.Context) error {
	if r.kind != bot.ComponentInteraction {
		return fmt.Errorf("acknowledge interaction %s: only components can be acknowledged without a message", r.i.ID)
	}
	r.stopTimer()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state != fresh {
		return nil
	}
	if err := r.callback(ctx, response{Type: discordgo.InteractionResponseDeferredMessageUpdate}, nil); err != nil {
		return fmt.Errorf("acknowledge interaction %s: %w", r.i.ID, err)
	}
	r.state = deferredUpdate
	return nil
}

// Autocomplete sends the choices (at most 25 are sent).
func (r *Responder) Autocomplete(ctx context.Context, cs []bot.Choice) error {
	r.stopTimer()
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(cs) > 25 {
		cs = cs[:25]
	}
	data := choices{Choices: make([]choice, 0, len(cs))}
	for _, c := range cs {
		data.Choices = append(data.Choices, choice(c))
	}
	err := r.callback(ctx, response{Type: discordgo.InteractionApplicationCommandAutocompleteResult, Data: data}, nil)
	if err != nil {
		return fmt.Errorf("autocomplete for interaction %s: %w", r.i.ID, err)
	}
	r.state, r.visible = answered, true
	return nil
}

// finish ends the interaction after the handler returned. When the user
// has been shown nothing, a handler error, a missing response or a
// deferred response never filled gets a short ephemeral apology; a
// component deferred silently (type 6) without error needs nothing.
func (r *Responder) finish(ctx context.Context, locale string, handlerErr error) {
	r.stopTimer()
	r.mu.Lock()
	state, visible := r.state, r.visible
	r.mu.Unlock()
	if r.kind == bot.AutocompleteInteraction {
		if state == fresh {
			if err := r.Autocomplete(ctx, nil); err != nil {
				r.c.log.Warn("empty autocomplete", "interaction", r.i.ID, "err", err)
			}
		}
		return
	}
	if visible || (handlerErr == nil && state == deferredUpdate) {
		return
	}
	if err := r.Reply(ctx, bot.Message{Content: apology(locale), Ephemeral: true}); err != nil {
		r.c.log.Error("apology", "interaction", r.i.ID, "err", err)
	}
}

func apology(locale string) string {
	if strings.HasPrefix(locale, "de") {
		return "Da ist etwas schiefgegangen. Bitte versuche es noch einmal."
	}
	return "Something went wrong. Please try again."
}

// Serve handles one Discord interaction with h: it converts i, runs the
// handler with a timeout and finishes the response. It returns the
// Responder (nil for interactions the bot does not handle) before the
// handler completes, so that a transport may wait for Acked; done is
// closed when everything is over.
func (c *Client) Serve(ctx context.Context, h Handler, i *discordgo.Interaction, timeout time.Duration, ephemeral func(*bot.Interaction) bool) (r *Responder, done <-chan struct{}) {
	in, err := Convert(i)
	if err != nil {
		c.log.Warn("ignored interaction", "err", err)
		return nil, nil
	}
	r = c.NewResponder(i, in.Kind, ephemeral != nil && ephemeral(in))
	ch := make(chan struct{})
	go func() {
		defer close(ch)
		hctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		start := time.Now()
		err := h.Handle(hctx, in, r)
		log := c.log.With("interaction", i.ID, "kind", in.Kind, "command", in.Command,
			"subcommand", in.Subcommand, "custom_id", in.CustomID, "user", in.User.ID,
			"channel", in.ChannelID, "took", time.Since(start))
		if err != nil {
			log.Error("handler failed", "err", err)
		} else {
			log.Debug("handled")
		}
		// The apology gets its own time: hctx may be what ran out.
		fctx, fcancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer fcancel()
		r.finish(fctx, in.Locale, err)
	}()
	return r, ch
}

// logger returns l or a discarding logger.
func logger(l *slog.Logger) *slog.Logger {
	if l == nil {
		return slog.New(slog.DiscardHandler)
	}
	return l
}
