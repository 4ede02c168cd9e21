package discordapi

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/playbychat/pbc/bot"
	"github.com/playbychat/pbc/internal/fakediscord"
)

// BenchmarkReplyWithImage measures one interaction answered with a board
// image: conversion, the multipart callback and the fake's recording, over
// loopback.
func BenchmarkReplyWithImage(b *testing.B) {
	f := fakediscord.New(b)
	s, err := NewSession(fakediscord.Token, f.URL())
	if err != nil {
		b.Fatal(err)
	}
	c := NewClient(s, nil)
	c.DeferAfter = time.Hour
	png := make([]byte, 32<<10) // a small board PNG; the fake keeps every one
	h := HandlerFunc(func(ctx context.Context, in *bot.Interaction, r bot.Responder) error {
		return r.Reply(ctx, bot.Message{Content: "board", Files: []bot.File{{Name: "board.png", ContentType: "image/png", Data: png}}})
	})
	done := make(chan (<-chan struct{}), 1)
	f.UseFunc(func(raw []byte) {
		var i discordgo.Interaction
		if err := json.Unmarshal(raw, &i); err != nil {
			b.Error(err)
		}
		_, d := c.Serve(context.Background(), h, &i, 10*time.Second, nil)
		done <- d
	})
	user := fakediscord.User{ID: "1", Name: "Ada"}
	b.ResetTimer()
	for b.Loop() {
		f.Command(guild, user, "board", "")
		<-<-done
	}
}
