package db

import (
	"fmt"
	"strconv"
)

// Shard is the part of the guilds whose background work (due reminders,
// outbox deliveries) one process does when several share the database:
// the guilds on gateway shard ID of Count, by Discord's formula
// (guild_id >> 22) % Count. Work without a guild (tables in DMs) belongs
// to shard 0, where Discord sends DMs. The zero Shard, or a Count of 1,
// owns everything.
type Shard struct {
	ID, Count int
}

// ShardOf is the shard of Count that Discord routes a guild's events to;
// 0 for no guild (a DM) or an id that is no snowflake.
func ShardOf(guildID string, count int) int {
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil || count <= 1 {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// Owns reports whether the shard owns the guild's work.
func (sh Shard) Owns(guildID string) bool {
	return sh.Count <= 1 || ShardOf(guildID, sh.Count) == sh.ID
}

// Option configures a store at OpenStore.
type Option func(*Store) error

// OwnShard makes the store's background queries (DueReminders, DueQueues,
// NextDelivery) return only the work of the guilds on shard id of count,
// so that processes sharing one database each do their own guilds' work
// once. Everything else, and every write, is unchanged.
func OwnShard(id, count int) Option {
	return func(s *Store) error {
		if count < 1 || id < 0 || id >= count {
			return fmt.Errorf("shard %d of %d: the shard must be in 0..count-1", id, count)
		}
		s.shard = Shard{ID: id, Count: count}
		return nil
	}
}

// shardFilter returns an SQL condition, starting with " AND", that keeps
// the rows whose guild id (the SQL expression guildCol) the store owns,
// and its arguments; nothing when the store owns every guild. It agrees
// with ShardOf for snowflakes.
func (s *Store) shardFilter(guildCol string) (string, []any) {
	if s.shard.Count <= 1 {
		return "", nil
	}
	return " AND " + s.dialect.shardOf(guildCol) + " = ?", []any{s.shard.Count, s.shard.ID}
}
