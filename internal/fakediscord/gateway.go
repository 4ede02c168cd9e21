package fakediscord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"github.com/gorilla/websocket"
)

// gatewayConn is one bot connected to the gateway.
type gatewayConn struct {
	ws  *websocket.Conn
	wmu sync.Mutex // serializes writes
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
			Token   string `json:"token"`
			Intents int    `json:"intents"`
		} `json:"d"`
	}
	if err := ws.ReadJSON(&identify); err != nil {
		return
	}
	if identify.Op != 2 || identify.D.Token != "Bot "+Token {
		ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed"))
		return
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

// errNoGateway is returned by dispatch when no bot is connected.
var errNoGateway = errors.New("no bot connected to the gateway")

// dispatch sends an event to the first connected bot.
func (f *Fake) dispatch(event string, d any) error {
	f.mu.Lock()
	if len(f.conns) == 0 {
		f.mu.Unlock()
		return errNoGateway
	}
	c := f.conns[0]
	f.seq++
	seq := f.seq
	f.mu.Unlock()
	if err := c.write(map[string]any{"op": 0, "t": event, "s": seq, "d": d}); err != nil {
		return fmt.Errorf("dispatch %s: %w", event, err)
	}
	return nil
}
