package fakediscord

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Components V2 (message flag IS_COMPONENTS_V2): the message is made of its
// components alone. Text displays carry the text, a media gallery shows up
// to ten pictures (attachments referenced as attachment://<file name>),
// action rows carry the buttons and menus as before; containers, sections,
// separators and files arrange them. With the flag Discord refuses content
// and embeds, more than 40 components, more than 4000 characters of text,
// and a flag removed by an edit.

// componentsV2Flag is the message flag IS_COMPONENTS_V2.
const componentsV2Flag = 1 << 15

// Component types.
const (
	typeActionRow    = 1
	typeSection      = 9
	typeTextDisplay  = 10
	typeThumbnail    = 11
	typeMediaGallery = 12
	typeFile         = 13
	typeSeparator    = 14
	typeContainer    = 17
)

// Limits of a Components V2 message.
const (
	maxV2Components = 40
	maxV2Text       = 4000
	maxGalleryItems = 10
	maxAttachments  = 10
)

// v2Component is a component of a Components V2 message, with the fields
// the fake checks.
type v2Component struct {
	Type       int             `json:"type"`
	Content    string          `json:"content"`
	Components json.RawMessage `json:"components"`
	Items      []struct {
		Media struct {
			URL string `json:"url"`
		} `json:"media"`
		Description string `json:"description"`
	} `json:"items"`
	File *struct {
		URL string `json:"url"`
	} `json:"file"`
	Accessory *v2Component `json:"accessory"`
	Media     *struct {
		URL string `json:"url"`
	} `json:"media"`
}

// v2Message is what a Components V2 message shows: its text, its gallery's
// pictures (their media URLs), its size and every media it names.
type v2Message struct {
	texts   []string
	gallery []string
	count   int      // components, nested ones included
	media   []string // every media URL, to check against the files
}

// applyV2 sets the fields of a Components V2 message from b onto m, which
// is new or already a V2 message, and checks Discord's rules for them.
func (m *Message) applyV2(b *body) error {
	if b.Content != nil && *b.Content != "" {
		return fmt.Errorf("components v2: a message with the IS_COMPONENTS_V2 flag cannot have content")
	}
	if b.Embeds != nil && len(*b.Embeds) > 0 {
		return fmt.Errorf("components v2: a message with the IS_COMPONENTS_V2 flag cannot have embeds")
	}
	m.V2 = true
	if len(b.files) > 0 || b.Attachments != nil {
		m.Files = b.files
	}
	if b.AllowedMentions != nil {
		m.MentionUsers, m.MentionParse = b.AllowedMentions.Users, b.AllowedMentions.Parse
	}
	if b.Components == nil {
		return nil
	}
	var top []v2Component
	if err := json.Unmarshal(b.Components, &top); err != nil {
		return fmt.Errorf("components v2: %w", err)
	}
	var v v2Message
	var rows []json.RawMessage
	if err := v.walk(top, true, &rows); err != nil {
		return err
	}
	if v.count > maxV2Components {
		return fmt.Errorf("components v2: %d components, more than %d", v.count, maxV2Components)
	}
	text := strings.Join(v.texts, "\n")
	if n := utf8.RuneCountInString(text); n > maxV2Text {
		return fmt.Errorf("components v2: %d characters of text, more than %d", n, maxV2Text)
	}
	for _, u := range v.media {
		name, ok := strings.CutPrefix(u, "attachment://")
		if !ok {
			if !strings.HasPrefix(u, "https://") {
				return fmt.Errorf("components v2: media %q is neither attachment://<name> nor https", u)
			}
			continue
		}
		if !m.hasFile(name) {
			return fmt.Errorf("components v2: %q names no attachment of the message", u)
		}
	}
	raw, err := json.Marshal(rows)
	if err != nil {
		return fmt.Errorf("components v2: %w", err)
	}
	if m.Rows, err = parseRows(raw); err != nil {
		return err
	}
	if len(m.Rows) > 5 {
		return fmt.Errorf("%d component rows, more than 5", len(m.Rows))
	}
	m.Content, m.Gallery = text, v.gallery
	return nil
}

// walk checks cs, top-level components when top, and collects what they
// show; action rows are appended to rows.
func (v *v2Message) walk(cs []v2Component, top bool, rows *[]json.RawMessage) error {
	for _, c := range cs {
		v.count++
		switch c.Type {
		case typeActionRow:
			raw, err := json.Marshal(map[string]json.RawMessage{"type": json.RawMessage("1"), "components": c.Components})
			if err != nil {
				return fmt.Errorf("components v2: %w", err)
			}
			*rows = append(*rows, raw)
			var inner []json.RawMessage
			if err := json.Unmarshal(c.Components, &inner); err != nil {
				return fmt.Errorf("components v2: action row: %w", err)
			}
			v.count += len(inner)
		case typeTextDisplay:
			v.texts = append(v.texts, c.Content)
		case typeMediaGallery:
			if n := len(c.Items); n < 1 || n > maxGalleryItems {
				return fmt.Errorf("components v2: a media gallery holds 1-%d items, not %d", maxGalleryItems, n)
			}
			for _, it := range c.Items {
				v.gallery = append(v.gallery, it.Media.URL)
				v.media = append(v.media, it.Media.URL)
			}
		case typeFile:
			if c.File == nil {
				return fmt.Errorf("components v2: a file component without a file")
			}
			v.media = append(v.media, c.File.URL)
		case typeSeparator:
		case typeSection:
			var inner []v2Component
			if err := json.Unmarshal(c.Components, &inner); err != nil {
				return fmt.Errorf("components v2: section: %w", err)
			}
			for _, t := range inner {
				if t.Type != typeTextDisplay {
					return fmt.Errorf("components v2: type %d in a section, want text displays", t.Type)
				}
			}
			if err := v.walk(inner, false, rows); err != nil {
				return err
			}
			if c.Accessory != nil {
				v.count++
				if c.Accessory.Type == typeThumbnail && c.Accessory.Media != nil {
					v.media = append(v.media, c.Accessory.Media.URL)
				}
			}
		case typeContainer:
			if !top {
				return fmt.Errorf("components v2: a container inside a container")
			}
			var inner []v2Component
			if err := json.Unmarshal(c.Components, &inner); err != nil {
				return fmt.Errorf("components v2: container: %w", err)
			}
			if err := v.walk(inner, false, rows); err != nil {
				return err
			}
		default:
			return fmt.Errorf("components v2: type %d cannot stand in a message", c.Type)
		}
	}
	return nil
}

// hasFile reports whether m has an attachment named name.
func (m *Message) hasFile(name string) bool {
	for _, f := range m.Files {
		if f.Name == name {
			return true
		}
	}
	return false
}
