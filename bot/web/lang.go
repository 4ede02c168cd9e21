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

// The page's own words.
const (
	msgWebTable        text.Msg = "WebTable"
	msgWebPublic       text.Msg = "WebPublic"
	msgWebPrivate      text.Msg = "WebPrivate"
	msgWebSeat         text.Msg = "WebSeat"
	msgWebToAct        text.Msg = "WebToAct"
	msgWebNobody       text.Msg = "WebNobody"
	msgWebStatus       text.Msg = "WebStatus"
	msgWebScore        text.Msg = "WebScore"
	msgWebWinners      text.Msg = "WebWinners"
	msgWebFinished     text.Msg = "WebFinished"
	msgWebNotStarted   text.Msg = "WebNotStarted"
	msgWebPlayers      text.Msg = "WebPlayers"
	msgWebBoard        text.Msg = "WebBoard"
	msgWebZoomHint     text.Msg = "WebZoomHint"
	msgWebReplay       text.Msg = "WebReplay"
	msgWebAfterMove    text.Msg = "WebAfterMove"
	msgWebOf           text.Msg = "WebOf"
	msgWebShow         text.Msg = "WebShow"
	msgWebLatest       text.Msg = "WebLatest"
	msgWebLog          text.Msg = "WebLog"
	msgWebAllPlayers   text.Msg = "WebAllPlayers"
	msgWebFilter       text.Msg = "WebFilter"
	msgWebAllRounds    text.Msg = "WebAllRounds"
	msgWebRound        text.Msg = "WebRound"
	msgWebSetup        text.Msg = "WebSetup"
	msgWebMove         text.Msg = "WebMove"
	msgWebNoLog        text.Msg = "WebNoLog"
	msgWebPieces       text.Msg = "WebPieces"
	msgWebView         text.Msg = "WebView"
	msgWebYourMoves    text.Msg = "WebYourMoves"
	msgWebSettings     text.Msg = "WebSettings"
	msgWebRecord       text.Msg = "WebRecord"
	msgWebPublicLink   text.Msg = "WebPublicLink"
	msgWebBoardAltNone text.Msg = "WebBoardAltNone"
)

// texts are the page's own words, by the key the template names them with.
var texts = map[string]text.Msg{
	"table":        msgWebTable,
	"public":       msgWebPublic,
	"private":      msgWebPrivate,
	"seat":         msgWebSeat,
	"toAct":        msgWebToAct,
	"nobody":       msgWebNobody,
	"status":       msgWebStatus,
	"score":        msgWebScore,
	"winners":      msgWebWinners,
	"finished":     msgWebFinished,
	"notStarted":   msgWebNotStarted,
	"players":      msgWebPlayers,
	"board":        msgWebBoard,
	"zoomHint":     msgWebZoomHint,
	"replay":       msgWebReplay,
	"afterMove":    msgWebAfterMove,
	"of":           msgWebOf,
	"show":         msgWebShow,
	"latest":       msgWebLatest,
	"log":          msgWebLog,
	"allPlayers":   msgWebAllPlayers,
	"filter":       msgWebFilter,
	"allRounds":    msgWebAllRounds,
	"round":        msgWebRound,
	"setup":        msgWebSetup,
	"move":         msgWebMove,
	"noLog":        msgWebNoLog,
	"pieces":       msgWebPieces,
	"view":         msgWebView,
	"yourMoves":    msgWebYourMoves,
	"settings":     msgWebSettings,
	"record":       msgWebRecord,
	"publicLink":   msgWebPublicLink,
	"boardAltNone": msgWebBoardAltNone,
}

// tr returns the page text key in lang.
func tr(lang games.Lang, key string) string { return text.Tr(lang, texts[key]) }
