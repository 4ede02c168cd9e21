package bot

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/playbychat/pbc/db"
	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/internal/testgame"
)

// errDiskFull is the failure of brokenStore.
var errDiskFull = errors.New("disk full")

// brokenStore has no guild settings saved and fails to create tables; the
// other methods are not used.
type brokenStore struct{ Store }

func (brokenStore) GuildSettings(context.Context, string) (db.GuildSettings, error) {
	return db.GuildSettings{}, nil
}

func (brokenStore) CreateTable(context.Context, *db.Table, []db.Seat, ...db.Delivery) (int64, error) {
	return 0, errDiskFull
}

// threads records the threads opened and deleted; the other methods are
// not used.
type threads struct {
	Discord
	opened, deleted []string
}

func (d *threads) StartThread(_ context.Context, channelID, _ string) (string, error) {
	d.opened = append(d.opened, channelID+"-t1")
	return channelID + "-t1", nil
}

func (d *threads) DeleteThread(_ context.Context, threadID string) error {
	d.deleted = append(d.deleted, threadID)
	return nil
}

// TestNewTableLeavesNoThread checks that a table that cannot be created
// leaves no thread behind.
func TestNewTableLeavesNoThread(t *testing.T) {
	testgame.Register()
	d := &threads{}
	b, err := New(Config{Store: brokenStore{}, Discord: d})
	if err != nil {
		t.Fatal(err)
	}
	in := &Interaction{
		Kind: CommandInteraction, GuildID: "g1", ChannelID: "c1", Locale: "en-US",
		User: User{ID: "u1", Name: "Alice"}, Command: "game", Subcommand: "new",
		Options: map[string]string{"game": "sealedbids", "thread": "true", "bots": "1"},
	}
	err = b.newTable(&call{ctx: context.Background(), in: in, r: lastReply{m: &Message{}}, lang: games.English})
	if !errors.Is(err, errDiskFull) {
		t.Fatalf("newTable = %v, want the store's failure", err)
	}
	if !slices.Equal(d.opened, []string{"c1-t1"}) || !slices.Equal(d.deleted, d.opened) {
		t.Errorf("threads opened %v, deleted %v; want the one opened deleted", d.opened, d.deleted)
	}
}
