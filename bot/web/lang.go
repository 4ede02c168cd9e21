package web

import (
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/bot/text"
	"github.com/playbychat/pbc/games"
)

// langOf picks the language of a request: the lang query parameter when it
// names one, else the first of the browser's Accept-Language that we speak
// (by weight), else English. explicit reports a choice by the query, which
// the page's links then carry on.
func langOf(r *http.Request) (lang games.Lang, explicit bool) {
	if l, ok := text.Match(r.URL.Query().Get("lang")); ok {
		return l, true
	}
	type choice struct {
		lang games.Lang
		q    float64
	}
	var cs []choice
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		if l, ok := text.Match(tag); ok {
			cs = append(cs, choice{l, q})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].q > cs[j].q })
	if len(cs) > 0 && cs[0].q > 0 {
		return cs[0].lang, false
	}
	return games.English, false
}

// texts are the page's own words, by key, in both languages.
var texts = map[string]games.Text{
	"table":        games.T("Table", "Tisch"),
	"public":       games.T("Public page", "Öffentliche Seite"),
	"private":      games.T("Your seat", "Dein Platz"),
	"seat":         games.T("Seat", "Platz"),
	"toAct":        games.T("Must act", "Am Zug"),
	"nobody":       games.T("Nobody", "Niemand"),
	"status":       games.T("Status", "Stand"),
	"score":        games.T("Score", "Punkte"),
	"winners":      games.T("Winners", "Gewinner"),
	"finished":     games.T("The game is over.", "Das Spiel ist vorbei."),
	"notStarted":   games.T("The game has not started yet.", "Das Spiel hat noch nicht begonnen."),
	"players":      games.T("Players", "Spieler"),
	"board":        games.T("Board", "Spielplan"),
	"zoomHint":     games.T("Pinch or scroll to zoom, drag to pan, tap a piece to read it.", "Zum Zoomen ziehen oder scrollen, zum Verschieben ziehen, ein Teil antippen, um es zu lesen."),
	"replay":       games.T("Replay", "Wiederholung"),
	"afterMove":    games.T("After move", "Nach Zug"),
	"of":           games.T("of", "von"),
	"show":         games.T("Show", "Zeigen"),
	"latest":       games.T("Latest", "Aktuell"),
	"log":          games.T("Log", "Verlauf"),
	"allPlayers":   games.T("All players", "Alle Spieler"),
	"filter":       games.T("Filter", "Filtern"),
	"allRounds":    games.T("All rounds", "Alle Runden"),
	"round":        games.T("Round", "Runde"),
	"setup":        games.T("Setup", "Aufbau"),
	"move":         games.T("Move", "Zug"),
	"noLog":        games.T("Nothing yet.", "Noch nichts."),
	"pieces":       games.T("Pieces in view", "Sichtbare Teile"),
	"view":         games.T("As text", "Als Text"),
	"yourMoves":    games.T("Your choices now", "Deine Möglichkeiten jetzt"),
	"settings":     games.T("Standing choices", "Dauerhafte Einstellungen"),
	"record":       games.T("The whole record", "Der ganze Verlauf"),
	"publicLink":   games.T("Public page of the table", "Öffentliche Seite des Tischs"),
	"boardAltNone": games.T("No board yet.", "Noch kein Spielplan."),
}

// tr returns the page text key in lang.
func tr(lang games.Lang, key string) string { return texts[key].In(lang) }
