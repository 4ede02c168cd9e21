// Package discordapi connects the bot core to Discord's REST API through
// discordgo: it converts incoming interactions to bot.Interaction, sends
// bot.Message values as Discord messages, and provides the REST-backed
// bot.Responder and bot.Discord that the gateway and the HTTP interactions
// transports share.
package discordapi

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/component"
)

// ErrUnsupported is returned by Convert for interactions the bot does not
// handle (pings, modal submissions).
var ErrUnsupported = errors.New("unsupported interaction type")

// Convert turns a Discord interaction into the transport-neutral form.
func Convert(i *discordgo.Interaction) (*bot.Interaction, error) {
	in := &bot.Interaction{
		ID:        i.ID,
		GuildID:   i.GuildID,
		ChannelID: i.ChannelID,
		Locale:    string(i.Locale),
	}
	if i.GuildLocale != nil {
		in.GuildLocale = string(*i.GuildLocale)
	}
	switch {
	case i.Member != nil && i.Member.User != nil:
		in.User = bot.User{ID: i.Member.User.ID, Name: i.Member.DisplayName(), Bot: i.Member.User.Bot}
		in.Manager = i.Member.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) != 0
	case i.User != nil:
		in.User = bot.User{ID: i.User.ID, Name: i.User.DisplayName(), Bot: i.User.Bot}
	default:
		return nil, fmt.Errorf("discordapi: interaction %s has no user", i.ID)
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		in.Kind = bot.CommandInteraction
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			in.Kind = bot.AutocompleteInteraction
		}
		data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok {
			return nil, fmt.Errorf("discordapi: interaction %s: command without command data", i.ID)
		}
		in.Command = data.Name
		in.Options = map[string]string{}
		opts := data.Options
		// Subcommand groups and subcommands nest the real options.
		for len(opts) == 1 && (opts[0].Type == discordgo.ApplicationCommandOptionSubCommandGroup ||
			opts[0].Type == discordgo.ApplicationCommandOptionSubCommand) {
			if in.Subcommand != "" {
				in.Subcommand += " "
			}
			in.Subcommand += opts[0].Name
			opts = opts[0].Options
		}
		for _, o := range opts {
			in.Options[o.Name] = optionString(o.Value)
			if o.Focused {
				in.Focused = o.Name
			}
		}
		if data.Resolved != nil && len(data.Resolved.Users) > 0 {
			in.Users = map[string]bot.User{}
			for id, u := range data.Resolved.Users {
				name := u.DisplayName()
				// Resolved members carry no user, only the nickname.
				if m := data.Resolved.Members[id]; m != nil && m.Nick != "" {
					name = m.Nick
				}
				in.Users[id] = bot.User{ID: id, Name: name, Bot: u.Bot}
			}
		}
	case discordgo.InteractionMessageComponent:
		in.Kind = bot.ComponentInteraction
		data, ok := i.Data.(discordgo.MessageComponentInteractionData)
		if !ok {
			return nil, fmt.Errorf("discordapi: interaction %s: component without component data", i.ID)
		}
		in.CustomID = data.CustomID
		in.Values = data.Values
		in.Ephemeral = i.Message != nil && i.Message.Flags&discordgo.MessageFlagsEphemeral != 0
	default:
		return nil, fmt.Errorf("discordapi: interaction %s of type %v: %w", i.ID, i.Type, ErrUnsupported)
	}
	return in, nil
}

// optionString gives an option value as typed: JSON numbers arrive as
// float64 and are written without a fraction when they have none.
func optionString(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	default:
		return fmt.Sprint(v)
	}
}

// payload is the message body of every send: interaction responses,
// edits, follow-ups and channel messages. discordgo's own types lack the
// attachment description (alt text), so the bot builds this one.
type payload struct {
	Content string `json:"content"`
	// Embeds are omitted when there are none, so that an edit of a
	// message without embeds sends none.
	Embeds          []*discordgo.MessageEmbed         `json:"embeds,omitempty"`
	Components      []discordgo.MessageComponent      `json:"components"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	// Attachments describe Files; omitted when there are none so that an
	// edit keeps the attachments the message already has.
	Attachments []attachment           `json:"attachments,omitempty"`
	Flags       discordgo.MessageFlags `json:"flags,omitempty"`
	// Nonce with EnforceNonce makes Discord answer a repeated post with
	// the message the first one made.
	Nonce        string `json:"nonce,omitempty"`
	EnforceNonce bool   `json:"enforce_nonce,omitempty"`
}

type attachment struct {
	// ID is the file's index among the request's files, as a string:
	// Discord's API description types attachment ids as snowflake strings.
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

// choices is the data of an autocomplete result.
type choices struct {
	Choices []choice `json:"choices"`
}

type choice struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// deferral is the data of a deferred response; only the flags count.
type deferral struct {
	Flags discordgo.MessageFlags `json:"flags"`
}

// response is an interaction callback body. Data is a *payload, choices
// or deferral.
type response struct {
	Type discordgo.InteractionResponseType `json:"type"`
	Data any                               `json:"data,omitempty"`
}

// newPayload converts m. ephemeral is honoured only where Discord allows
// the flag (responses and follow-ups).
func newPayload(m bot.Message, ephemeral bool) *payload {
	p := &payload{
		Content:    m.Content,
		Components: components(m.Rows),
		// An empty Parse list with explicit users: only those are pinged,
		// never @everyone, @here or roles.
		AllowedMentions: &discordgo.MessageAllowedMentions{
			Parse: []discordgo.AllowedMentionType{},
			Users: m.Mentions,
		},
	}
	for _, e := range m.Embeds {
		me := &discordgo.MessageEmbed{Title: e.Title, Description: e.Description}
		for _, f := range e.Fields {
			me.Fields = append(me.Fields, &discordgo.MessageEmbedField{Name: f.Name, Value: f.Value, Inline: f.Inline})
		}
		p.Embeds = append(p.Embeds, me)
	}
	for n, f := range m.Files {
		p.Attachments = append(p.Attachments, attachment{ID: strconv.Itoa(n), Filename: f.Name, Description: f.Alt})
	}
	if ephemeral && m.Ephemeral {
		p.Flags = discordgo.MessageFlagsEphemeral
	}
	if m.Nonce != "" {
		p.Nonce, p.EnforceNonce = m.Nonce, true
	}
	return p
}

func components(rows []component.Row) []discordgo.MessageComponent {
	out := make([]discordgo.MessageComponent, 0, len(rows))
	for _, r := range rows {
		var row discordgo.ActionsRow
		if r.Select != nil {
			menu := discordgo.SelectMenu{
				MenuType:    discordgo.StringSelectMenu,
				CustomID:    r.Select.CustomID,
				Placeholder: r.Select.Placeholder,
			}
			if r.Select.MinValues > 0 || r.Select.MaxValues > 0 {
				minValues := r.Select.MinValues
				menu.MinValues, menu.MaxValues = &minValues, r.Select.MaxValues
			}
			for _, o := range r.Select.Options {
				menu.Options = append(menu.Options, discordgo.SelectMenuOption{
					Label: o.Label, Value: o.Value, Description: o.Description,
				})
			}
			row.Components = append(row.Components, menu)
		}
		for _, b := range r.Buttons {
			row.Components = append(row.Components, discordgo.Button{
				Label:    b.Label,
				Style:    buttonStyle(b.Style),
				Disabled: b.Disabled,
				CustomID: b.CustomID,
				URL:      b.URL,
			})
		}
		out = append(out, row)
	}
	return out
}

func buttonStyle(s component.ButtonStyle) discordgo.ButtonStyle {
	switch s {
	case component.Secondary:
		return discordgo.SecondaryButton
	case component.Success:
		return discordgo.SuccessButton
	case component.Danger:
		return discordgo.DangerButton
	case component.Link:
		return discordgo.LinkButton
	default:
		return discordgo.PrimaryButton
	}
}

func files(fs []bot.File) []*discordgo.File {
	out := make([]*discordgo.File, len(fs))
	for n, f := range fs {
		out[n] = &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytes.NewReader(f.Data)}
	}
	return out
}
