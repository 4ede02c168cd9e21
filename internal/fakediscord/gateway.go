package fakediscord

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"

	"github.com/gorilla/websocket"
)

// gatewayConn is one bot connected to the gateway.
type gatewayConn struct {
	ws  *websocket.Conn
	wmu sync.Mutex // serializes writes
	// shard is the [shard_id, num_shards] the bot identified with;
	// num_shards 0 for a connection without sharding, which gets every
	// event.
	shard [2]int
}

// owns reports whether the connection gets the events of a guild ("" for
// DMs): Discord's formula (guild_id >> 22) % num_shards picks the shard,
// and DMs go to shard 0.
func (c *gatewayConn) owns(guildID string) bool {
	if c.shard[1] <= 1 {
		return true
	}
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil {
		return c.shard[0] == 0
	}
	return int((id>>22)%uint64(c.shard[1])) == c.shard[0]
}

func (c *gatewayConn) write(v any) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.ws.WriteJSON(v)
}

type frame struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d,omitempty"`
	S  int             `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

// gateway speaks enough of the gateway protocol for discordgo: Hello,
// Identify, READY, heartbeat ACKs, and dispatches sent by tests.
func (f *Fake) gateway(w http.ResponseWriter, r *http.Request) {
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &gatewayConn{ws: ws}
	defer ws.Close()
	if err := c.write(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 45000}}); err != nil {
		return
	}
	var identify struct {
		Op int `json:"op"`
		D  struct {
			Token   string  `json:"token"`
			Intents int     `json:"intents"`
			Shard   *[2]int `json:"shard"`
		} `json:"d"`
	}
	if err := ws.ReadJSON(&identify); err != nil {
		return
	}
	if identify.Op != 2 || identify.D.Token != "Bot "+Token {
		ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed"))
		return
	}
	if sh := identify.D.Shard; sh != nil {
		if sh[1] < 1 || sh[0] < 0 || sh[0] >= sh[1] {
			ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4010, "Invalid shard"))
			return
		}
		c.shard = *sh
	}
	f.mu.Lock()
	f.seq++
	seq := f.seq
	f.mu.Unlock()
	ready := map[string]any{
		"op": 0, "t": "READY", "s": seq,
		"d": map[string]any{
			"v": 9, "session_id": "fake-session", "resume_gateway_url": "",
			"user":        map[string]any{"id": BotUserID, "username": "pbc", "bot": true},
			"application": map[string]any{"id": AppID, "flags": 0},
			"guilds":      []any{},
		},
	}
	if c.shard[1] > 0 {
		ready["d"].(map[string]any)["shard"] = c.shard
	}
	if err := c.write(ready); err != nil {
		return
	}
	f.mu.Lock()
	f.conns = append(f.conns, c)
	f.notify()
	f.mu.Unlock()
	defer f.drop(c)
	for {
		var in frame
		if err := ws.ReadJSON(&in); err != nil {
			return
		}
		if in.Op == 1 { // heartbeat
			if err := c.write(map[string]any{"op": 11}); err != nil {
				return
			}
		}
	}
}

func (f *Fake) drop(c *gatewayConn) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for n, x := range f.conns {
		if x == c {
			f.conns = append(f.conns[:n], f.conns[n+1:]...)
			break
		}
	}
	f.notify()
}

// Connected tells how many bots are connected to the gateway.
func (f *Fake) Connected() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.conns)
}

// WaitConnected waits until a bot has identified on the gateway.
func (f *Fake) WaitConnected(ctx context.Context) error {
	return f.WaitFor(ctx, func(f *Fake) bool { return f.Connected() > 0 })
}

// SetRecommendedShards sets the shard count GET /gateway/bot recommends
// (1 by default).
func (f *Fake) SetRecommendedShards(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.recommendedShards = n
}

// Shards lists the [shard_id, num_shards] of the connected bots, ordered;
// [0, 0] for a connection without sharding.
func (f *Fake) Shards() [][2]int {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out [][2]int
	for _, c := range f.conns {
		out = append(out, c.shard)
	}
	slices.SortFunc(out, func(a, b [2]int) int { return cmp.Or(cmp.Compare(a[1], b[1]), cmp.Compare(a[0], b[0])) })
	return out
}

// errNoGateway is returned by dispatch when no connected bot gets the
// guild's events.
var errNoGateway = errors.New("no bot connected to the gateway")

// dispatch sends an event of a guild ("" for a DM) to the first connected
// bot whose shard gets that guild's events, and returns the shard.
func (f *Fake) dispatch(event, guildID string, d any) (int, error) {
	f.mu.Lock()
	i := slices.IndexFunc(f.conns, func(c *gatewayConn) bool { return c.owns(guildID) })
	if i < 0 {
		f.mu.Unlock()
		return 0, fmt.Errorf("guild %q: %w", guildID, errNoGateway)
	}
	c := f.conns[i]
	f.seq++
	seq := f.seq
	f.mu.Unlock()
	if err := c.write(map[string]any{"op": 0, "t": event, "s": seq, "d": d}); err != nil {
		return 0, fmt.Errorf("dispatch %s: %w", event, err)
	}
	return c.shard[0], nil
}
