package discordapi

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/bot/component"
)

func TestConvert(t *testing.T) {
	for _, tc := range []struct {
		name string
		raw  string
		want *bot.Interaction
	}{
		{
			name: "subcommand with options in a guild",
			raw: `{"id":"1","type":2,"guild_id":"g","channel_id":"c","locale":"de",
				"member":{"nick":"Nick","permissions":"0","user":{"id":"u","username":"user","global_name":"Global"}},
				"data":{"name":"game","type":1,"options":[{"name":"new","type":1,"options":[
					{"name":"game","type":3,"value":"xibalba"},{"name":"seats","type":4,"value":3},
					{"name":"ratio","type":10,"value":1.5},{"name":"public","type":5,"value":true}]}]}}`,
			want: &bot.Interaction{
				Kind: bot.CommandInteraction, ID: "1", GuildID: "g", ChannelID: "c", Locale: "de",
				User: bot.User{ID: "u", Name: "Nick"}, Command: "game", Subcommand: "new",
				Options: map[string]string{"game": "xibalba", "seats": "3", "ratio": "1.5", "public": "true"},
			},
		},
		{
			name: "subcommand group",
			raw: `{"id":"1","type":2,"channel_id":"c","user":{"id":"u","username":"user"},
				"data":{"name":"game","type":1,"options":[{"name":"admin","type":2,"options":[
					{"name":"remind","type":1,"options":[]}]}]}}`,
			want: &bot.Interaction{
				Kind: bot.CommandInteraction, ID: "1", ChannelID: "c",
				User: bot.User{ID: "u", Name: "user"}, Command: "game", Subcommand: "admin remind",
				Options: map[string]string{},
			},
		},
		{
			name: "manager from Manage Server",
			raw: `{"id":"1","type":2,"guild_id":"g","channel_id":"c",
				"member":{"permissions":"32","user":{"id":"u","username":"user"}},
				"data":{"name":"hand","type":1}}`,
			want: &bot.Interaction{
				Kind: bot.CommandInteraction, ID: "1", GuildID: "g", ChannelID: "c", Manager: true,
				User: bot.User{ID: "u", Name: "user"}, Command: "hand", Options: map[string]string{},
			},
		},
		{
			name: "manager from Administrator",
			raw: `{"id":"1","type":2,"guild_id":"g","channel_id":"c",
				"member":{"permissions":"8","user":{"id":"u","username":"user"}},
				"data":{"name":"hand","type":1}}`,
			want: &bot.Interaction{
				Kind: bot.CommandInteraction, ID: "1", GuildID: "g", ChannelID: "c", Manager: true,
				User: bot.User{ID: "u", Name: "user"}, Command: "hand", Options: map[string]string{},
			},
		},
		{
			name: "resolved user option",
			raw: `{"id":"1","type":2,"guild_id":"g","channel_id":"c",
				"member":{"permissions":"0","user":{"id":"u","username":"user"}},
				"data":{"name":"game","type":1,"options":[{"name":"replace","type":1,"options":[
					{"name":"user","type":6,"value":"v"}]}],
					"resolved":{"users":{"v":{"id":"v","username":"vic","global_name":"Victoria"}},
					"members":{"v":{"nick":"Vicky","permissions":"0"}}}}}`,
			want: &bot.Interaction{
				Kind: bot.CommandInteraction, ID: "1", GuildID: "g", ChannelID: "c",
				User: bot.User{ID: "u", Name: "user"}, Command: "game", Subcommand: "replace",
				Options: map[string]string{"user": "v"},
				Users:   map[string]bot.User{"v": {ID: "v", Name: "Vicky"}},
			},
		},
		{
			name: "autocomplete",
			raw: `{"id":"1","type":4,"channel_id":"c","user":{"id":"u","username":"user"},
				"data":{"name":"move","type":1,"options":[{"name":"move","type":3,"value":"pl","focused":true}]}}`,
			want: &bot.Interaction{
				Kind: bot.AutocompleteInteraction, ID: "1", ChannelID: "c",
				User: bot.User{ID: "u", Name: "user"}, Command: "move",
				Options: map[string]string{"move": "pl"}, Focused: "move",
			},
		},
		{
			name: "select menu",
			raw: `{"id":"1","type":3,"channel_id":"c","user":{"id":"u","username":"user"},"locale":"en-US",
				"message":{"id":"m","channel_id":"c"},
				"data":{"custom_id":"t/1/v/3/pick","component_type":3,"values":["a","b"]}}`,
			want: &bot.Interaction{
				Kind: bot.ComponentInteraction, ID: "1", ChannelID: "c", Locale: "en-US",
				User: bot.User{ID: "u", Name: "user"}, CustomID: "t/1/v/3/pick", Values: []string{"a", "b"},
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var i discordgo.Interaction
			if err := json.Unmarshal([]byte(tc.raw), &i); err != nil {
				t.Fatal(err)
			}
			got, err := Convert(&i)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestConvertErrors(t *testing.T) {
	for _, tc := range []struct {
		name, raw string
		is        error
	}{
		{"ping", `{"id":"1","type":1,"user":{"id":"u"}}`, ErrUnsupported},
		{"modal", `{"id":"1","type":5,"user":{"id":"u"},"data":{"custom_id":"x"}}`, ErrUnsupported},
		{"no user", `{"id":"1","type":2,"data":{"name":"hand"}}`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var i discordgo.Interaction
			if err := json.Unmarshal([]byte(tc.raw), &i); err != nil {
				t.Fatal(err)
			}
			_, err := Convert(&i)
			if err == nil {
				t.Fatal("no error")
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("got %v, want %v", err, tc.is)
			}
		})
	}
}

func TestPayload(t *testing.T) {
	m := bot.Message{
		Content:   "<@1> to play, <@2> waits. @everyone",
		Mentions:  []string{"1"},
		Ephemeral: true,
		Files:     []bot.File{{Name: "board.png", ContentType: "image/png", Data: []byte{1}, Alt: "the board"}},
		Rows: []component.Row{
			{Buttons: []component.Button{{CustomID: "a", Label: "A"}, {CustomID: "b", Label: "B", Style: component.Danger, Disabled: true}}},
			{Select: &component.Select{CustomID: "s", Placeholder: "pick", Options: []component.SelectOption{{Value: "v", Label: "V", Description: "d"}}}},
		},
	}
	for _, tc := range []struct {
		name      string
		ephemeral bool
		want      string
	}{
		{"response", true, `{"content":"<@1> to play, <@2> waits. @everyone",` +
			`"components":[{"components":[{"label":"A","style":1,"disabled":false,"custom_id":"a","type":2},` +
			`{"label":"B","style":4,"disabled":true,"custom_id":"b","type":2}],"type":1},` +
			`{"components":[{"type":3,"custom_id":"s","placeholder":"pick","options":[{"label":"V","value":"v","description":"d","default":false}],"disabled":false}],"type":1}],` +
			`"allowed_mentions":{"parse":[],"users":["1"],"replied_user":false},` +
			`"attachments":[{"id":"0","filename":"board.png","description":"the board"}],"flags":64}`},
		{"channel message drops the ephemeral flag", false, `{"content":"<@1> to play, <@2> waits. @everyone",` +
			`"components":[{"components":[{"label":"A","style":1,"disabled":false,"custom_id":"a","type":2},` +
			`{"label":"B","style":4,"disabled":true,"custom_id":"b","type":2}],"type":1},` +
			`{"components":[{"type":3,"custom_id":"s","placeholder":"pick","options":[{"label":"V","value":"v","description":"d","default":false}],"disabled":false}],"type":1}],` +
			`"allowed_mentions":{"parse":[],"users":["1"],"replied_user":false},` +
			`"attachments":[{"id":"0","filename":"board.png","description":"the board"}]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := json.Marshal(newPayload(m, tc.ephemeral))
			if err != nil {
				t.Fatal(err)
			}
			var got, want any
			if err := json.Unmarshal(raw, &got); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(tc.want), &want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got  %s\nwant %s", raw, tc.want)
			}
		})
	}
}

func TestPayloadMultiSelect(t *testing.T) {
	options := []component.SelectOption{{Value: "1", Label: "A"}, {Value: "2", Label: "B"}, {Value: "3", Label: "C"}}
	for _, tc := range []struct {
		name     string
		min, max int
		want     string
	}{
		{"single choice", 0, 0, `"disabled":false`},
		{"one to three", 1, 3, `"min_values":1,"max_values":3`},
		{"none allowed", 0, 2, `"min_values":0,"max_values":2`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := bot.Message{Rows: []component.Row{{Select: &component.Select{CustomID: "s", Options: options, MinValues: tc.min, MaxValues: tc.max}}}}
			raw, err := json.Marshal(newPayload(m, false))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(raw), tc.want) {
				t.Errorf("payload %s lacks %s", raw, tc.want)
			}
			if tc.max == 0 && strings.Contains(string(raw), "_values") {
				t.Errorf("single-choice payload %s sets min or max values", raw)
			}
		})
	}
}
