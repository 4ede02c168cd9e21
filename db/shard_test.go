package db

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/playbychat/pbc/db/dbtest"
)

func TestShardOf(t *testing.T) {
	tests := []struct {
		guild string
		want  [3]int // shard of 2, 3 and 5
	}{
		{"81384788765712384", [3]int{0, 1, 3}},
		{"1234567890123456789", [3]int{1, 1, 2}},
		{"4194304", [3]int{1, 1, 1}}, // 1 << 22: the first id of timestamp 1
		{"4194303", [3]int{0, 0, 0}},
		{"8388608", [3]int{0, 2, 2}},
		{"", [3]int{0, 0, 0}},      // a DM
		{"guild", [3]int{0, 0, 0}}, // no snowflake
	}
	for _, tt := range tests {
		for i, count := range []int{2, 3, 5} {
			if got := ShardOf(tt.guild, count); got != tt.want[i] {
				t.Errorf("ShardOf(%q, %d) = %d, want %d", tt.guild, count, got, tt.want[i])
			}
		}
		if got := ShardOf(tt.guild, 1); got != 0 {
			t.Errorf("ShardOf(%q, 1) = %d", tt.guild, got)
		}
	}
}

func TestOwnShardRefuses(t *testing.T) {
	for _, sh := range []Shard{{ID: 2, Count: 2}, {ID: -1, Count: 2}, {ID: 0, Count: 0}} {
		if s, err := OpenStore(":memory:", OwnShard(sh.ID, sh.Count)); err == nil {
			s.Close()
			t.Errorf("OwnShard(%d, %d) accepted", sh.ID, sh.Count)
		}
	}
}

// TestShardedBackgroundWork fills one database with tables of many
// guilds, each with a due reminder, a channel post and a DM to one user
// owed, and checks that the stores of three shards each see exactly the
// work of their own guilds, as ShardOf assigns them: together all of it,
// none of it twice.
func TestShardedBackgroundWork(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, b dbtest.Backend) {
		ctx := context.Background()
		dsn := b.DSN(t)
		setup := openStore(t, dsn)
		rnd := rand.New(rand.NewPCG(3, 4))
		guilds := []string{"", "guild", "4194304", "8388608"}
		for range 36 {
			// Large snowflakes, where a 32-bit or float slip would show.
			guilds = append(guilds, strconv.FormatUint(rnd.Uint64N(1<<62)|1<<62, 10))
		}
		const count = 3
		var (
			wantTables = make([][]int64, count)
			wantQueues = make([][]string, count)
			firstDM    = make([]int64, count) // the table of each shard's first DM
		)
		for i, g := range guilds {
			ch := fmt.Sprintf("c%d", i)
			id, err := setup.CreateTable(ctx, &Table{GuildID: g, ChannelID: ch, Game: testGame}, []Seat{seat(0)})
			if err != nil {
				t.Fatal(err)
			}
			if err := setup.SetReminder(ctx, id, t0); err != nil {
				t.Fatal(err)
			}
			post := Delivery{GuildID: g, TableID: id, Kind: PostDelivery, Channel: ch, Message: []byte("board")}
			dm := Delivery{GuildID: g, TableID: id, Kind: DMDelivery, Channel: "u1", Message: []byte("hand")}
			if err := setup.Enqueue(ctx, post, dm); err != nil {
				t.Fatal(err)
			}
			sh := ShardOf(g, count)
			wantTables[sh] = append(wantTables[sh], id)
			wantQueues[sh] = append(wantQueues[sh], ch)
			if firstDM[sh] == 0 {
				firstDM[sh] = id
				wantQueues[sh] = append(wantQueues[sh], "dm:u1")
			}
		}
		for id := range count {
			t.Run(fmt.Sprintf("shard %d", id), func(t *testing.T) {
				s, err := OpenStore(dsn, OwnShard(id, count))
				if err != nil {
					t.Fatal(err)
				}
				defer s.Close()
				rs, err := s.DueReminders(ctx, t0)
				if err != nil {
					t.Fatal(err)
				}
				var tables []int64
				for _, r := range rs {
					tables = append(tables, r.TableID)
				}
				slices.Sort(tables)
				if !reflect.DeepEqual(tables, wantTables[id]) {
					t.Errorf("due reminders of tables %v, want %v", tables, wantTables[id])
				}
				queues, err := s.DueQueues(ctx, t0)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(queues, wantQueues[id]) {
					t.Errorf("due queues %v, want %v", queues, wantQueues[id])
				}
				dm, err := s.NextDelivery(ctx, "dm:u1")
				if err != nil || dm.TableID != firstDM[id] {
					t.Errorf("first DM is of table %d (%v), want %d", dm.TableID, err, firstDM[id])
				}
			})
		}
		// The unsharded store sees everything.
		all, err := setup.DueReminders(ctx, t0)
		if err != nil || len(all) != len(guilds) {
			t.Errorf("unsharded: %d due reminders (%v), want %d", len(all), err, len(guilds))
		}
	})
}
