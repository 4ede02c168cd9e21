package armageddon

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
)

// tf formats a text in both languages; games.Text arguments are put in
// the language being formatted.
func tf(en, de string, args ...any) games.Text {
	return games.T(fmt.Sprintf(en, inLang(args, games.English)...), fmt.Sprintf(de, inLang(args, games.German)...))
}

func inLang(args []any, lang games.Lang) []any {
	out := make([]any, len(args))
	for i, a := range args {
		if t, ok := a.(games.Text); ok {
			out[i] = t.In(lang)
		} else {
			out[i] = a
		}
	}
	return out
}

// seatRef is a seat as an argument of say: written as its placeholder
// ({p1}) and counted among the seats the line names.
type seatRef int

// seatRefs is a list of seats as one argument of say: "{p2}, {p0}".
type seatRefs []int

// line is the text of an event with the seats it names, in the order of
// their first mention; events are made from lines only, so that an
// event's Seats never have to be read back from its text.
type line struct {
	text  games.Text
	seats []games.Seat
}

// plain is a line that names no seat.
func plain(t games.Text) line { return line{text: t} }

// say formats an event line as tf does. seatRef and seatRefs arguments are
// written as placeholders and give the line's seats; a line argument gives
// its text and its seats.
func say(en, de string, args ...any) line {
	var l line
	name := func(s int) {
		if !slices.Contains(l.seats, games.Seat(s)) {
			l.seats = append(l.seats, games.Seat(s))
		}
	}
	conv := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case seatRef:
			name(int(v))
			conv[i] = games.Seatf(games.Seat(v))
		case seatRefs:
			parts := make([]string, len(v))
			for j, s := range v {
				name(s)
				parts[j] = games.Seatf(games.Seat(s))
			}
			conv[i] = strings.Join(parts, ", ")
		case line:
			for _, s := range v.seats {
				name(int(s))
			}
			conv[i] = v.text
		default:
			conv[i] = a
		}
	}
	l.text = tf(en, de, conv...)
	return l
}

// join joins texts in each language.
func join(parts []games.Text, sep string) games.Text {
	var en, de []string
	for _, p := range parts {
		en = append(en, p.EN)
		de = append(de, p.DE)
	}
	return games.T(strings.Join(en, sep), strings.Join(de, sep))
}

// who is seat as an argument of say: its placeholder, and one of the
// seats the line names.
func who(seat int) seatRef { return seatRef(seat) }

// points is "1 point" / "3 points".
func points(n int) games.Text {
	return games.Count(n, games.T("%d point", "%d Punkt"), games.T("%d points", "%d Punkte"))
}

func fields(n int) games.Text {
	return games.Count(n, games.T("%d field", "%d Feld"), games.T("%d fields", "%d Felder"))
}

func cards(n int) games.Text {
	return games.Count(n, games.T("%d equipment card", "%d Ausrüstungskarte"), games.T("%d equipment cards", "%d Ausrüstungskarten"))
}

// colourNames are the survivors' names, one and several.
var colourNames = [colours][2]games.Text{
	{games.T("%d plunderer", "%d Plünderer"), games.T("%d plunderers", "%d Plünderer")},
	{games.T("%d worker", "%d Arbeiter"), games.T("%d workers", "%d Arbeiter")},
	{games.T("%d soldier", "%d Soldat"), games.T("%d soldiers", "%d Soldaten")},
	{games.T("%d engineer", "%d Ingenieur"), games.T("%d engineers", "%d Ingenieure")},
	{games.T("%d leader", "%d Anführer"), games.T("%d leaders", "%d Anführer")},
}

// colourName is a survivor's name without a number.
var colourName = [colours]games.Text{
	games.T("plunderer", "Plünderer"), games.T("worker", "Arbeiter"), games.T("soldier", "Soldat"),
	games.T("engineer", "Ingenieur"), games.T("leader", "Anführer"),
}

// aColour is one survivor with its article as an object: "an engineer",
// "einen Soldaten".
var aColour = [colours]games.Text{
	games.T("a plunderer", "einen Plünderer"), games.T("a worker", "einen Arbeiter"), games.T("a soldier", "einen Soldaten"),
	games.T("an engineer", "einen Ingenieur"), games.T("a leader", "einen Anführer"),
}

// crowdTexts memoizes crowdText: bids list hundreds of crowds per move.
var crowdTexts sync.Map // Crowd -> games.Text

// crowdText is "2 workers, 1 soldier", or "no survivors".
func crowdText(c Crowd) games.Text {
	if t, ok := crowdTexts.Load(c); ok {
		return t.(games.Text)
	}
	t := makeCrowdText(c)
	crowdTexts.Store(c, t)
	return t
}

func makeCrowdText(c Crowd) games.Text {
	var parts []games.Text
	for col, n := range c {
		if n > 0 {
			parts = append(parts, games.Count(n, colourNames[col][0], colourNames[col][1]))
		}
	}
	if len(parts) == 0 {
		return games.T("no survivors", "keine Überlebenden")
	}
	return join(parts, ", ")
}

var areaNames = [areas]games.Text{
	games.T("Explore", "Erkunden"), games.T("Build", "Bauen"), games.T("City", "Stadt"),
}

var typeNames = map[string]games.Text{
	typeHQ:       games.T("headquarters", "Hauptquartier"),
	typeCivil:    games.T("civil", "Zivil"),
	typeMilitary: games.T("military", "Militär"),
	typeScience:  games.T("science", "Wissenschaft"),
}

// spaceName names a city space: "space 3".
func spaceName(sp int) games.Text { return tf("space %d", "Platz %d", sp+1) }

// effectText describes an effect.
func effectText(e Effect) games.Text {
	n := e.Amount
	capped := games.Text{}
	if e.Capped {
		capped = games.T(" (nothing at the end of the track)", " (nichts am Ende der Leiste)")
	}
	switch e.Kind {
	case effVP:
		if n < 0 {
			return tf("lose %s", "%s abgeben", points(-n))
		}
		return tf("+%s", "+%s", points(n))
	case effPlunderer:
		return tf("plunderer marker %s right%s", "Plünderermarker %s nach rechts%s", fields(n), capped)
	case effRepel:
		return tf("plunderer marker %s left, +1 point per field", "Plünderermarker %s nach links, +1 Punkt je Feld", fields(n))
	case effFight:
		return tf("fight %s", "%s bekämpfen", games.Count(n, colourNames[red][0], colourNames[red][1]))
	case effRetreat:
		return tf("plunderer marker %s left (no points)", "Plünderermarker %s nach links (keine Punkte)", fields(n))
	case effDamage:
		return tf("damage marker %s right%s", "Schadensmarker %s nach rechts%s", fields(n), capped)
	case effRepair:
		if e.VP > 0 {
			return tf("damage marker %s left and +%s", "Schadensmarker %s nach links und +%s", fields(n), points(e.VP))
		}
		return tf("damage marker %s left", "Schadensmarker %s nach links", fields(n))
	case effDraw:
		return tf("draw %s", "%s ziehen", cards(n))
	case effDrawKeep:
		return tf("draw %s, keep %d, the rest under the deck", "%s ziehen, %d behalten, den Rest unter den Stapel", cards(n), e.Keep)
	case effSearch:
		return games.T("box one of your equipment cards, then take any card from the deck (shuffled after)",
			"eine eigene Ausrüstungskarte in die Schachtel, dann eine beliebige Karte aus dem Stapel nehmen (danach mischen)")
	case effDiscard:
		return tf("box %s of your choice", "%s nach Wahl in die Schachtel", cards(n))
	case effHouse:
		return tf("+%d shelter this round", "+%d Unterkunftspunkte in dieser Runde", n)
	case effSwap:
		return games.T("swap one of your workers for a soldier or engineer from the bag",
			"einen eigenen Arbeiter gegen einen Soldaten oder Ingenieur aus dem Beutel tauschen")
	case effTrain:
		return games.T("one paying worker into the bag, a soldier or engineer from the bag behind your screen",
			"einen der Arbeiter in den Beutel, einen Soldaten oder Ingenieur aus dem Beutel hinter den Sichtschirm")
	case effRecruit:
		return tf("draw a survivor: a soldier, engineer or leader joins you at once, anyone else goes back for +%s",
			"einen Überlebenden ziehen: Soldat, Ingenieur oder Anführer kommt sofort zu dir, sonst zurück für +%s", points(n))
	case effVPPerType:
		return tf("+%s per %s building", "+%s je %s-Gebäude", points(n), typeNames[e.Type])
	case effLeaderAside:
		return games.T("leader set aside", "Anführer beiseite")
	}
	return games.T(e.Kind, e.Kind)
}

// costText describes what pays an action: "soldier or engineer, worker".
func costText(cost []string) games.Text {
	parts := make([]games.Text, len(cost))
	for i, c := range cost {
		switch c {
		case costAny:
			parts[i] = games.T("any survivor", "beliebiger Überlebender")
		case costSoldierOrEngin:
			parts[i] = games.T("soldier or engineer", "Soldat oder Ingenieur")
		default:
			parts[i] = colourName[indexColour(c)]
		}
	}
	return join(parts, " + ")
}

// actionText is "1×: soldier → fight 2 plunderers".
func actionText(a Action) games.Text {
	return tf("%d×: %s → %s", "%d×: %s → %s", a.Uses, costText(a.Cost), effectText(a.Effect))
}

// passiveText describes a passive.
func passiveText(p Passive) games.Text {
	switch p.Kind {
	case passWorkersWild:
		return games.T("your workers also count as engineers and soldiers", "deine Arbeiter zählen auch als Ingenieure und Soldaten")
	case passUnusedShelter:
		return tf("+%s per unused shelter at the end of each round", "+%s je ungenutzter Unterkunft am Ende jeder Runde", points(p.Amount))
	case passFightVP:
		if p.First > 0 {
			return tf("the first %d plunderers you fight each round give %s each", "die ersten %d Plünderer, die du je Runde bekämpfst, geben je %s", p.First, points(p.Amount))
		}
		return tf("fighting plunderers gives %s each", "Plünderer bekämpfen gibt je %s", points(p.Amount))
	case passTowerSite:
		return games.T("a Watchtower upgrade may be built over it (a second Watchtower)", "eine Wachturm-Aufwertung darf darauf gebaut werden (ein zweiter Wachturm)")
	case passShelterPerType:
		return tf("+%d shelter per %s building (itself included)", "+%d Unterkunft je %s-Gebäude (es selbst eingeschlossen)", p.Amount, typeNames[p.Type])
	}
	return games.T(p.Kind, p.Kind)
}

// buildingText is a building's whole card text.
func (cs *CardSet) buildingText(b *Building) games.Text {
	parts := []games.Text{tf("%s, shelter %d", "%s, Unterkunft %d", typeNames[b.Type], b.Shelter)}
	if b.Level > 0 {
		parts[0] = tf("Level %d · %s", "Stufe %d · %s", b.Level, parts[0])
	}
	switch b.Upgrade {
	case printedHQ:
		parts = append(parts, games.T("upgrade: only over the Headquarters", "Aufwertung: nur über dem Hauptquartier"))
	case printedWatchtower:
		parts = append(parts, games.T("upgrade: only over the Watchtower (or a Tower Site)", "Aufwertung: nur über dem Wachturm (oder einem Turmbauplatz)"))
	}
	for _, a := range b.Actions {
		parts = append(parts, actionText(a))
	}
	for _, p := range b.Passives {
		parts = append(parts, passiveText(p))
	}
	if b.Star > 0 {
		parts = append(parts, tf("★ +%s at the end of each round", "★ +%s am Ende jeder Runde", points(b.Star)))
	}
	for _, x := range b.Excludes {
		parts = append(parts, tf("never together with %s", "nie zusammen mit %s", cs.Buildings[cs.building[x]].Name))
	}
	return join(parts, " · ")
}

// scoringText describes a scoring tile: "4 points per engineer".
func (cs *CardSet) scoringText(t ScoringTile) games.Text {
	var what games.Text
	switch t.Kind {
	case scoreSurvivor:
		what = colourName[indexColour(t.Colour)]
	case scoreBuilding:
		what = tf("visible %s building", "sichtbares %s-Gebäude", typeNames[t.Type])
	case scoreEquipment:
		if t.Equipment == vehicleKind {
			what = games.T("vehicle part", "Fahrzeugteil")
		} else {
			what = cs.Equipment[cs.equipment[t.Equipment]].Name
		}
	case scoreCards:
		what = games.T("equipment card", "Ausrüstungskarte")
	}
	return tf("%s per %s", "%s je %s", points(t.Amount), what)
}

// equipmentText describes how a kind of equipment scores.
func (cs *CardSet) equipmentText(e EquipmentKind) games.Text {
	sc := e.Scoring
	switch sc.Kind {
	case scoreTable:
		nums := make([]string, len(sc.Table))
		for i, v := range sc.Table {
			nums[i] = fmt.Sprint(v)
		}
		return tf("%d in the game. 1, 2, … cards score %s points (no more beyond %d cards)",
			"%d im Spiel. 1, 2, … Karten geben %s Punkte (mehr als %d Karten zählen nicht)",
			e.Count, strings.Join(nums, "/"), len(sc.Table))
	case scoreSets:
		return tf("%d in the game. Every set of %d scores %s", "%d im Spiel. Jedes Set aus %d gibt %s", e.Count, sc.Size, points(sc.Amount))
	case scoreMajority:
		return tf("%d in the game. %s", "%d im Spiel. %s", e.Count, majorityText(sc))
	case scoreVehicle:
		v := cs.Vehicles[0]
		for _, x := range cs.Vehicles {
			if x.ID == sc.Vehicle {
				v = x
			}
		}
		nums := make([]string, len(v.Table))
		for i, n := range v.Table {
			nums[i] = fmt.Sprint(n)
		}
		return tf("Vehicle part (%s). 1, 2, … different parts of one vehicle score %s points",
			"Fahrzeugteil (%s). 1, 2, … verschiedene Teile eines Fahrzeugs geben %s Punkte", v.Name, strings.Join(nums, "/"))
	}
	return games.Text{}
}

// majorityText is how the most cards of a kind score.
func majorityText(sc EquipmentScoring) games.Text {
	return tf("Most: %s, second most: %s (ties: all get the full points)",
		"Die meisten: %s, zweitmeisten: %s (Gleichstand: alle erhalten die vollen Punkte)",
		points(sc.Table[0]), points(at(sc.Table, 1)))
}

// equipmentSummary is how a kind of equipment scores, without its count
// where the whole text is too long for a summary.
func (cs *CardSet) equipmentSummary(e EquipmentKind) games.Text {
	if e.Scoring.Kind == scoreMajority {
		return majorityText(e.Scoring)
	}
	return cs.equipmentText(e)
}

func at(xs []int, i int) int {
	if i < len(xs) {
		return xs[i]
	}
	return 0
}

func (g *Game) cardNames(ids []int) games.Text {
	parts := make([]games.Text, len(ids))
	for i, c := range ids {
		parts[i] = g.cs.kindOf(c).Name
	}
	if len(parts) == 0 {
		return games.T("nothing", "nichts")
	}
	return join(parts, ", ")
}

func (g *Game) tileName(tile int) games.Text {
	if tile == none {
		return games.T("no tile", "kein Plättchen")
	}
	return effectText(g.cs.tileOf(tile).Effect)
}

// seatList is seats as one argument of say: "{p2}, {p0}, {p1}".
func seatList(seats []int) seatRefs { return seatRefs(seats) }

// changes describes what changed for seat since before: "points 12 → 9,
// plunderer marker 2 → 5"; false if nothing did.
func (g *Game) changes(seat int, before player) (games.Text, bool) {
	p := g.s.Players[seat]
	var parts []games.Text
	if p.Score != before.Score {
		parts = append(parts, tf("points %d → %d", "Punkte %d → %d", before.Score, p.Score))
	}
	if p.Plunderer != before.Plunderer {
		parts = append(parts, tf("plunderer marker %d → %d", "Plünderermarker %d → %d", before.Plunderer, p.Plunderer))
	}
	if p.Damage != before.Damage {
		parts = append(parts, tf("damage marker %d → %d", "Schadensmarker %d → %d", before.Damage, p.Damage))
	}
	if p.Aside > before.Aside {
		parts = append(parts, games.T("leader set aside", "Anführer beiseite"))
	}
	if p.Aside < before.Aside {
		parts = append(parts, games.T("leader back behind the screen", "Anführer zurück hinter den Sichtschirm"))
	}
	if lap := g.cs.Board.ScoreLap; p.Score/lap != before.Score/lap {
		parts = append(parts, chipText(p.Score/lap*lap, lap))
	}
	return join(parts, ", "), len(parts) > 0
}

// Event texts.

func msgScore(seat, n int, why games.Text) line {
	if n < 0 {
		return say("%s loses %s (%s).", "%s verliert %s (%s).", who(seat), points(-n), why)
	}
	return say("%s scores %s (%s).", "%s erhält %s (%s).", who(seat), points(n), why)
}

// msgLap tells that seat's score marker passed the end of the score track
// (up) or fell back over it; laps are the points of the laps now.
func msgLap(seat int, up bool, laps, lap int) line {
	if up {
		return say("%s's score marker passes a lap: %s.", "Der Punktemarker von %s schafft eine Runde: %s.", who(seat), chipText(laps, lap))
	}
	return say("%s's score marker falls back a lap: %s.", "Der Punktemarker von %s fällt eine Runde zurück: %s.", who(seat), chipText(laps, lap))
}

// chipText names the point chip of laps points: "the +40 chip". The box
// has chips for three laps (+40, +80, +120); more laps are counted on.
func chipText(laps, lap int) games.Text {
	top := chipLaps * lap
	switch {
	case laps == 0:
		return games.T("no chip any more", "kein Chip mehr")
	case laps <= top:
		return tf("the +%d chip", "der +%d-Chip", laps)
	}
	return tf("the +%d chip and %s", "der +%d-Chip und %s", top, points(laps-top))
}

// chipLaps is the number of laps the box's point chips count.
const chipLaps = 3

func msgPlundererRight(seat, n, field int, why games.Text) line {
	return say("%s's plunderer marker moves %s right to %d (%s).", "Der Plünderermarker von %s rückt %s nach rechts auf %d (%s).", who(seat), fields(n), field, why)
}

func msgPlundererLeft(seat, n, field int, why games.Text) line {
	return say("%s's plunderer marker moves %s left to %d (%s).", "Der Plünderermarker von %s rückt %s nach links auf %d (%s).", who(seat), fields(n), field, why)
}

func msgDamageRight(seat, n, field int, flip bool, why games.Text) line {
	t := say("%s's damage marker moves %s right to %d (%s).", "Der Schadensmarker von %s rückt %s nach rechts auf %d (%s).", who(seat), fields(n), field, why)
	if flip {
		t.text = join([]games.Text{t.text, games.T("It turns to its explosion side.", "Er wird auf die Explosionsseite gedreht.")}, " ")
	}
	return t
}

func msgRepair(seat, n, field int, why games.Text) line {
	t := say("%s's damage marker moves %s left to %d (%s).", "Der Schadensmarker von %s rückt %s nach links auf %d (%s).", who(seat), fields(n), field, why)
	if field == 1 {
		t.text = join([]games.Text{t.text, games.T("It turns to its +2 side.", "Er wird auf die +2-Seite gedreht.")}, " ")
	}
	return t
}

var (
	msgPlundererOverflow = games.T("plunderer track full", "Plündererleiste voll")
	msgDamageOverflow    = games.T("damage track full", "Schadensleiste voll")
	msgDamageTrack       = games.T("damage track", "Schadensleiste")
	msgRepelled          = games.T("plunderers repelled", "Plünderer abgewehrt")
	msgRoundAdvance      = games.T("the plunderers advance", "die Plünderer rücken vor")
	msgDisplays          = games.T("New equipment with survivors from the bag and new buildings with tiles are on display.",
		"Neue Ausrüstung mit Überlebenden aus dem Beutel und neue Gebäude mit Plättchen liegen aus.")
	msgCityBegins = games.T("City: each player's city survivors act, from the start player on.",
		"Stadt: Die Stadt-Überlebenden jedes Spielers handeln, beginnend beim Startspieler.")
	msgNoShelter     = games.T("no shelter", "keine Unterkunft")
	msgStars         = games.T("end of round: shelter, ★ buildings", "Rundenende: Unterkunft, ★-Gebäude")
	msgChooseFinal   = games.T("Final scoring: everyone chooses one private scoring tile.", "Schlusswertung: Jeder wählt eines seiner privaten Wertungsplättchen.")
	msgNewBidTiles   = games.T("Three new bid tiles are laid out.", "Drei neue Bietplättchen werden ausgelegt.")
	msgPlundererToll = games.T("plunderers", "Plünderer")
	msgFinalScoring  = games.T("Final scoring: the chosen private tiles are revealed.", "Schlusswertung: Die gewählten privaten Plättchen werden aufgedeckt.")
	msgEquipment     = games.T("equipment", "Ausrüstung")
	msgTile          = games.T("building tile", "Gebäudeplättchen")
	msgPreparation   = games.T("preparation: plunderers advance, damage track", "Vorbereitung: Plünderer rücken vor, Schadensleiste")
	msgRoundEnd      = games.T("plunderers not repelled", "nicht abgewehrte Plünderer")
)

func msgIntermediate(tile string) games.Text {
	return tf("intermediate scoring: public tile %s, plunderers", "Zwischenwertung: öffentliches Plättchen %s, Plünderer", tile)
}

func msgFinalLine(seat int, tile string, f finalScore) line {
	return say("%s: public tile %+d, private tile %s %+d, equipment %+d, damage track %+d, plunderers %+d: %s.",
		"%s: öffentliches Plättchen %+d, privates Plättchen %s %+d, Ausrüstung %+d, Schadensleiste %+d, Plünderer %+d: %s.",
		who(seat), f.Public, tile, f.Private, f.Equipment, f.Damage, f.Plunderer, points(f.Total))
}

func msgLeaderAside(seat int) line {
	return say("%s must set their leader aside beside the damage track.", "%s muss den Anführer neben die Schadensleiste legen.", who(seat))
}

func msgLeaderBack(seat int) line {
	return say("%s's leader returns behind the screen.", "Der Anführer von %s kehrt hinter den Sichtschirm zurück.", who(seat))
}

func msgHouse(seat, n int) line {
	return say("%s has %d more shelter this round.", "%s hat in dieser Runde %d Unterkunftspunkte mehr.", who(seat), n)
}

func msgNoSwap(seat int) line {
	return say("%s has nothing to swap.", "%s hat nichts zu tauschen.", who(seat))
}

func msgDeckEmpty(seat int) line {
	return say("The equipment deck is empty: %s draws nothing.", "Der Ausrüstungsstapel ist leer: %s zieht nichts.", who(seat))
}

func msgDraws(seat, n int) line {
	return say("%s draws %s.", "%s zieht %s.", who(seat), cards(n))
}

func msgYouDraw(names games.Text) line {
	return say("You draw: %s.", "Du ziehst: %s.", names)
}

func msgRoundBegins(r, of int) line {
	return say("Round %d of %d begins.", "Runde %d von %d beginnt.", r, of)
}

func msgStartPlayer(seat int) line {
	return say("%s is the start player and bids first.", "%s ist Startspieler und bietet zuerst.", who(seat))
}

func msgExploreOrder(order []int) line {
	return say("Explore: the players pick equipment in this order: %s.", "Erkunden: Die Spieler wählen Ausrüstung in dieser Reihenfolge: %s.", seatList(order))
}

func msgBuildOrder(order []int) line {
	return say("Build: the players pick buildings in this order: %s.", "Bauen: Die Spieler wählen Gebäude in dieser Reihenfolge: %s.", seatList(order))
}

func msgBonus(a int) games.Text { return tf("bonus %s", "Bonus %s", areaNames[a]) }
func msgMalus(a int) games.Text { return tf("malus %s", "Malus %s", areaNames[a]) }

func msgNotRepelled(n int) games.Text {
	return tf("%s not repelled", "%s nicht abgewehrt", games.Count(n, colourNames[red][0], colourNames[red][1]))
}

func msgShort(seat, have, shelter int) line {
	return say("%s has %d survivors but only %d shelter.", "%s hat %d Überlebende, aber nur %d Unterkunftspunkte.", who(seat), have, shelter)
}

func msgReleased(seat int, c Crowd, loss int) line {
	return say("%s returns %s to the bag; that costs %s at the end of the round.", "%s legt in den Beutel zurück: %[2]s. Das kostet am Rundenende %[3]s.",
		who(seat), crowdText(c), points(loss))
}

func msgUnusedShelter(n int) games.Text {
	return tf("%d unused shelter", "%d ungenutzte Unterkunft", n)
}

func msgPublicTile(id string) games.Text {
	return tf("public tile %s", "öffentliches Plättchen %s", id)
}

func msgPrivateTile(id string) games.Text { return tf("private tile %s", "privates Plättchen %s", id) }

func msgBid(seat, a int, c Crowd, pos int) line {
	return say("%s bids %s in %s (field %d).", "%s bietet im Bereich %[3]s (Feld %[4]d): %[2]s.", who(seat), crowdText(c), areaNames[a], pos)
}

func msgExplore(seat int, name games.Text, c Crowd) line {
	return say("%s takes %s with %s.", "%s nimmt %s (%s).", who(seat), name, crowdText(c))
}

func msgPlunderersJoin(n int) games.Text {
	return tf("%s found", "%s gefunden", games.Count(n, colourNames[red][0], colourNames[red][1]))
}

func msgTakeBuilding(seat int, name, tile games.Text) line {
	return say("%s takes %s with the tile “%s”.", "%s nimmt %s mit dem Plättchen „%s“.", who(seat), name, tile)
}

func msgBuild(seat int, name games.Text, sp int) line {
	return say("%s builds %s on %s.", "%s baut %s auf %s.", who(seat), name, spaceName(sp))
}

func msgOverbuild(seat int, name, old games.Text, sp int) line {
	return say("%s builds %s over %s on %s.", "%s baut %s über %s auf %s.", who(seat), name, old, spaceName(sp))
}

func msgBuildingBoxed(seat int, name games.Text) line {
	return say("%s does not build %s: it goes into the box.", "%s baut %s nicht: Die Karte kommt in die Schachtel.", who(seat), name)
}

func msgBoxCard(seat int, name games.Text) line {
	return say("%s puts a %s card into the box.", "%s legt eine Karte „%s“ in die Schachtel.", who(seat), name)
}

func msgDeckContents(names games.Text) line {
	return say("The deck holds: %s.", "Im Stapel liegen: %s.", names)
}

func msgYouKeep(name games.Text) line { return say("You keep %s.", "Du behältst %s.", name) }

func msgYouTake(name games.Text) line { return say("You take %s.", "Du nimmst %s.", name) }

func msgKeptRest(seat, n int) line {
	return say("%s keeps a card and puts %s under the deck.", "%s behält eine Karte und legt %s unter den Stapel.", who(seat), cards(n))
}

func msgSearched(seat int) line {
	return say("%s takes a card from the deck; the deck is shuffled.", "%s nimmt eine Karte aus dem Stapel; der Stapel wird gemischt.", who(seat))
}

func msgChosen(seat int) line {
	return say("%s has chosen a private scoring tile.", "%s hat ein privates Wertungsplättchen gewählt.", who(seat))
}

func msgYouChose(id string) line {
	return say("You chose %s.", "Du hast %s gewählt.", id)
}

func msgExtension(seat int, c Crowd) line {
	return say("%s builds the Extension with %s.", "%s baut den Ausbau (%s).", who(seat), crowdText(c))
}

func msgRepairWith(c Crowd) games.Text { return tf("repair with %s", "Reparatur: %s", crowdText(c)) }

func msgCityDone(seat int) line {
	return say("%s is done in the city.", "%s ist in der Stadt fertig.", who(seat))
}

var swapPlaces = map[string]games.Text{
	swapScreen: games.T("from behind the screen", "hinter dem Sichtschirm"),
	swapBid:    games.T("from a bid", "aus einem Gebot"),
	swapCity:   games.T("in the city", "in der Stadt"),
}

func msgSwap(seat int, where string, c int) line {
	return say("%s swaps a worker %s for %s from the bag.", "%s tauscht einen Arbeiter %s gegen %s aus dem Beutel.", who(seat), swapPlaces[where], aColour[c])
}

// msgUse says who used which building with whom, and what it did.
func msgUse(seat int, name games.Text, c Crowd, did games.Text) line {
	return say("%s uses %s with %s: %s.", "%s nutzt %s (%s): %s.", who(seat), name, crowdText(c), did)
}

// outcome is an action's effect with what it did: "fight 2 plunderers →
// plunderer marker on 1, +2 points".
func outcome(e Effect, did ...games.Text) games.Text {
	return tf("%s → %s", "%s → %s", effectText(e), join(did, ", "))
}

// markerOn names the field a track's marker stands on now.
func markerOn(plunderer bool, field int) games.Text {
	switch {
	case plunderer:
		return tf("plunderer marker on %d", "Plünderermarker auf %d", field)
	case field == 1:
		return games.T("damage marker on 1, its +2 side up", "Schadensmarker auf 1, mit der +2-Seite nach oben")
	}
	return tf("damage marker on %d", "Schadensmarker auf %d", field)
}

func msgTrain(seat, back, c int) line {
	return say("%s puts %s into the bag and takes %s behind the screen.", "%s legt %s in den Beutel und nimmt %s hinter den Sichtschirm.", who(seat), aColour[back], aColour[c])
}

func msgRecruitBack(seat, c int) line {
	return say("%s draws %s from the bag; it goes back.", "%s zieht %s aus dem Beutel; er kommt zurück.", who(seat), aColour[c])
}

func msgRecruitJoins(seat, c int) line {
	return say("%s draws %s from the bag: it joins the city at once.", "%s zieht %s aus dem Beutel: Er kommt sofort in die Stadt.", who(seat), aColour[c])
}

func msgStatus(round, rounds int, ph phase) games.Text {
	return tf("Round %d of %d: %s.", "Runde %d von %d: %s.", round, rounds, phaseTitle(ph))
}

func msgWinners(winners []games.Seat, best int) line {
	seats := make([]int, len(winners))
	for i, w := range winners {
		seats[i] = int(w)
	}
	if len(seats) == 1 {
		return say("%s wins with %s.", "%s gewinnt mit %s.", seatList(seats), points(best))
	}
	return say("%s share the win with %s.", "%s teilen sich den Sieg mit %s.", seatList(seats), points(best))
}

// phaseTitle names a phase.
func phaseTitle(ph phase) games.Text {
	switch ph {
	case phaseBid:
		return games.T("bidding", "Bieten")
	case phaseBidTiles:
		return games.T("bid tiles", "Bietplättchen")
	case phaseExplore:
		return games.T("explore", "Erkunden")
	case phaseBuild:
		return games.T("build", "Bauen")
	case phaseCity:
		return games.T("city", "Stadt")
	case phaseShelter:
		return games.T("shelter", "Unterkunft")
	case phaseFinal:
		return games.T("final scoring", "Schlusswertung")
	}
	return games.T("game over", "Spielende")
}

// Prompts: short, as the board's headline shows them after the name.

var promptBid = games.T("place a bid", "bieten")

func promptPhase(ph phase) games.Text {
	switch ph {
	case phaseExplore:
		return games.T("take equipment", "Ausrüstung nehmen")
	case phaseBuild:
		return games.T("take a building", "Gebäude nehmen")
	case phaseCity:
		return games.T("city actions", "Stadtaktionen")
	case phaseShelter:
		return games.T("return survivors (no shelter)", "Überlebende abgeben (keine Unterkunft)")
	case phaseFinal:
		return games.T("choose a private tile", "privates Plättchen wählen")
	}
	return games.Text{}
}

func promptPending(kind string) games.Text {
	switch kind {
	case pendPlace:
		return games.T("build or box the building", "Gebäude bauen oder ablegen")
	case pendDiscard, pendSearchBox:
		return games.T("box an equipment card", "Ausrüstungskarte abgeben")
	case pendSwap:
		return games.T("swap a worker?", "Arbeiter tauschen?")
	case pendKeep:
		return games.T("keep one card", "eine Karte behalten")
	case pendSearchTake:
		return games.T("take a card from the deck", "Karte aus dem Stapel nehmen")
	}
	return games.Text{}
}

func pickBidLabel(a int) games.Text {
	return tf("%s: survivors to bid (one count per colour)", "%s: Überlebende bieten (eine Anzahl je Farbe)", areaNames[a])
}

func pickReleaseLabel(n int) games.Text {
	return tf("Return %s to the bag (one count per colour)", "%s in den Beutel (eine Anzahl je Farbe)", games.Count(n, games.T("%d survivor", "%d Überlebenden"), games.T("%d survivors", "%d Überlebende")))
}

// pickCountsRule is what a bid's menu allows: one count per colour.
var pickCountsRule = games.T("Choose one count per colour: for 3 workers take \"3 workers\" alone, not \"1 worker\" and \"2 workers\".",
	"Wähle eine Anzahl je Farbe: für 3 Arbeiter nur „3 Arbeiter“, nicht „1 Arbeiter“ und „2 Arbeiter“.")

// pickReleaseRule is what the shelter's menu allows.
func pickReleaseRule(n int) games.Text {
	return tf("Return exactly %s, one count per colour.", "Gib genau %s zurück, eine Anzahl je Farbe.",
		games.Count(n, games.T("%d survivor", "%d Überlebenden"), games.T("%d survivors", "%d Überlebende")))
}

// Rule errors: the reasons Explain gives.

// refusal is a rule error whose reason is formatted as tf does.
func refusal(en, de string, args ...any) error {
	return &games.RuleError{Reason: tf(en, de, args...)}
}

// notations joins notations as code: "`take 1` · `done`".
func codeList(ns []string) string {
	return "`" + strings.Join(ns, "` · `") + "`"
}

func errUnknownMove(examples []string) error {
	return refusal("Unknown move. Now you can write, for example: %s.", "Unbekannter Zug. Jetzt kannst du zum Beispiel schreiben: %s.", codeList(examples))
}

func errWriteAs(notation string) error {
	return refusal("Write that move as `%s`.", "Schreibe diesen Zug als `%s`.", notation)
}

func errNotNow(asked games.Text, examples []string) error {
	return refusal("Not possible now (%s): for example %s.", "Das geht jetzt nicht (%s): zum Beispiel %s.", asked, codeList(examples))
}

func errBidTwice(a int) error {
	return refusal("You have already bid in %s.", "Du hast in %s schon geboten.", areaNames[a])
}

func errNotBehindScreen(have Crowd) error {
	return refusal("You do not have those survivors behind your screen: you have %s.", "Diese Überlebenden hast du nicht hinter deinem Sichtschirm: Du hast %s.", crowdText(have))
}

func errNotYours(have Crowd) error {
	return refusal("You do not have those survivors: you have %s.", "Diese Überlebenden hast du nicht: Du hast %s.", crowdText(have))
}

var (
	errSlotEmpty       = refusal("That card has been taken already.", "Diese Karte ist schon vergeben.")
	errTakeSlot        = refusal("Take a card of the display by its number, e.g. `take 1`.", "Nimm eine Karte der Auslage über ihre Nummer, z. B. `take 1`.")
	errTakeKind        = refusal("Take a card of the deck by its kind, e.g. `take beer`.", "Nimm eine Karte aus dem Stapel über ihre Art, z. B. `take beer`.")
	errExtensionBuilt  = refusal("Your Extension is built already.", "Dein Ausbau ist schon gebaut.")
	errNothingToRepair = refusal("Your damage marker is on field 1: there is nothing to repair.", "Dein Schadensmarker steht auf Feld 1: Es gibt nichts zu reparieren.")
	errTrainColour     = refusal("Say whom to take from the bag: add b (soldier) or y (engineer), e.g. `use 3a g1 b`.", "Sag, wen du aus dem Beutel nimmst: b (Soldat) oder y (Ingenieur) anhängen, z. B. `use 3a g1 b`.")
	errNoColour        = refusal("That action takes nobody from the bag: leave out the colour.", "Diese Aktion nimmt niemanden aus dem Beutel: Lass die Farbe weg.")
)

func errNoSlot(slot, n int) error {
	return refusal("There is no card %d: the display has %d.", "Es gibt keine Karte %d: Die Auslage hat %d.", slot+1, n)
}

func errNoKind(kind string, kinds []string) error {
	return refusal("There is no equipment %q; the kinds are %s.", "Es gibt keine Ausrüstung %q; die Arten sind %s.", kind, strings.Join(kinds, ", "))
}

func errNotInHand(name games.Text) error {
	return refusal("You have no %s card in your hand.", "Du hast keine Karte „%s“ auf der Hand.", name)
}

func errNotDrawn(name games.Text) error {
	return refusal("You did not draw a %s card.", "Du hast keine Karte „%s“ gezogen.", name)
}

func errNotInDeck(name games.Text) error {
	return refusal("The deck holds no %s card.", "Im Stapel liegt keine Karte „%s“.", name)
}

func errNoExtension(sp int) error {
	return refusal("Space %d is free only once the Extension is built.", "Platz %d ist erst frei, wenn der Ausbau gebaut ist.", sp+1)
}

func errHQOnly(name games.Text) error {
	return refusal("%s is an upgrade of the Headquarters: it goes only on space 1.", "%s ist eine Aufwertung des Hauptquartiers: Es kommt nur auf Platz 1.", name)
}

func errTowerOnly(name games.Text) error {
	return refusal("%s is an upgrade of the Watchtower: it goes only on space 2 or over a Tower Site.", "%s ist eine Aufwertung des Wachturms: Es kommt nur auf Platz 2 oder über einen Turmbauplatz.", name)
}

func errUpgradeSpace(name games.Text) error {
	return refusal("%s cannot go on spaces 1 and 2: they take only the upgrades of the Headquarters and the Watchtower.", "%s kann nicht auf Platz 1 oder 2: Dort kommen nur die Aufwertungen von Hauptquartier und Wachturm hin.", name)
}

func errOverPrinted(name, under games.Text) error {
	return refusal("%s cannot go over %s: only its upgrades can.", "%s kann nicht über %s: Das dürfen nur dessen Aufwertungen.", name, under)
}

func errExcluded(name, other games.Text) error {
	return refusal("%s never stands in one city with %s.", "%s steht nie in einer Stadt mit %s.", name, other)
}

func errBagHolds(c int) error {
	return refusal("The bag holds no %s.", "Im Beutel ist kein %s.", colourName[c])
}

func errNoWorker(where string) error {
	return refusal("You have no worker %s to swap.", "Du hast %s keinen Arbeiter zum Tauschen.", swapPlaces[where])
}

func errReleaseCount(n int) error {
	t := games.Count(n, games.T("%d survivor", "%d Überlebenden"), games.T("%d survivors", "%d Überlebende"))
	return refusal("Return exactly %s you have.", "Gib genau %s zurück, die du hast.", t)
}

func errNotYourTile(id string, yours []string) error {
	return refusal("%s is not one of your private scoring tiles: you have %s.", "%s ist keines deiner privaten Wertungsplättchen: Du hast %s.", id, strings.Join(yours, ", "))
}

func errNoBuilding(sp int) error {
	return refusal("There is no building on %s.", "Auf %s steht kein Gebäude.", spaceName(sp))
}

func errNoAction(name games.Text, sp, a int) error {
	return refusal("%s has no action %d%c.", "%s hat keine Aktion %d%c.", name, sp+1, 'a'+a)
}

func errUsedUp(name games.Text, uses int) error {
	return refusal("The action of %s is used up this round (%d×).", "Die Aktion von %s ist in dieser Runde verbraucht (%d×).", name, uses)
}

func errNoEffect(name games.Text, effect games.Text) error {
	return refusal("The action of %s would do nothing now (%s).", "Die Aktion von %s bewirkte jetzt nichts (%s).", name, effect)
}

func errPayment(free Crowd, ways []string) error {
	if len(ways) == 0 {
		return refusal("Your free city survivors (%s) cannot pay that.", "Deine freien Stadt-Überlebenden (%s) können das nicht bezahlen.", crowdText(free))
	}
	return refusal("Your free city survivors (%s) cannot pay it that way; they can pay %s.", "Deine freien Stadt-Überlebenden (%s) können das so nicht bezahlen; möglich ist %s.", crowdText(free), codeList(ways))
}

// describeMove builds the games.Move of a legal move with its label.
func (g *Game) describeMove(seat int, m move) games.Move {
	s, cs := g.s, g.cs
	mv := games.Move{Notation: m.notation(), Group: m.Verb, Primary: true, Role: m.role(), Payload: m}
	switch m.Verb {
	case verbBid:
		// Bids are listed by the hundred: built without fmt.
		c := crowdText(m.Crowd)
		mv.Label = games.T(areaNames[m.Area].EN+": "+c.EN, areaNames[m.Area].DE+": "+c.DE)
		hidden := m.Crowd.Total() > 0 && !s.Open
		mv.Private, mv.Primary = hidden, !hidden
		if t := s.Areas[m.Area].Tile; t != none {
			mv.Piece = cs.BidTiles[t].ID
		}
	case verbTake:
		switch {
		case m.Slot == none:
			mv.Label = tf("Take %s", "%s nehmen", cs.Equipment[cs.equipment[m.Kind]].Name)
			mv.Private, mv.Piece = true, m.Kind
		case s.Phase == phaseExplore:
			d := s.Display[m.Slot]
			mv.Label = tf("%d: %s with %s", "%d: %s mit %s", m.Slot+1, cs.kindOf(d.Card).Name, crowdText(d.Survivors))
			mv.Piece = cs.kindOf(d.Card).ID
		default:
			b := &cs.Buildings[s.BuildDisplay[m.Slot].Card]
			mv.Label, mv.Piece = buildingLabel(b), b.ID
		}
	case verbBuild:
		if p := s.Pending; p != nil {
			mv.Piece = cs.Buildings[p.Card].ID
		}
		if m.Space == none {
			mv.Label = games.T("Do not build: into the box", "Nicht bauen: in die Schachtel")
			break
		}
		mv.Label = tf("Build on %s", "Auf %s bauen", spaceName(m.Space))
		if old := s.Players[seat].City[m.Space]; old != none {
			mv.Label = tf("Build on %s over %s", "Auf %s über %s bauen", spaceName(m.Space), cs.Buildings[old].Name)
		}
	case verbDiscard:
		mv.Label = tf("Box a %s card", "Karte „%s“ in die Schachtel", cs.Equipment[cs.equipment[m.Kind]].Name)
		mv.Private, mv.Piece = true, m.Kind
	case verbKeep:
		mv.Label = tf("Keep %s", "%s behalten", cs.Equipment[cs.equipment[m.Kind]].Name)
		mv.Private, mv.Piece = true, m.Kind
	case verbSwap:
		mv.Label = tf("Worker %s → %s", "Arbeiter %s → %s", swapPlaces[m.Where], colourName[m.Colour])
		mv.Private = m.Where == swapScreen && !s.Open
	case verbRelease:
		mv.Label = tf("Return %s", "Zurückgeben: %s", crowdText(m.Crowd))
		mv.Private, mv.Primary = !s.Open, false
	case verbScore:
		mv.Label = tf("Score %s: %s", "%s werten: %s", m.Kind, cs.scoringText(cs.ScoringTiles[g.scoringIndex(m.Kind)]))
		mv.Private, mv.Piece = true, m.Kind
	case verbExtension:
		mv.Piece = cs.Buildings[cs.printedIndex(printedExtension)].ID
		mv.Label = tf("Extension with %s", "Ausbau: %s", crowdText(m.Crowd))
	case verbRepair:
		mv.Label = tf("Repair with %s", "Reparieren: %s", crowdText(m.Crowd))
	case verbUse:
		b := &cs.Buildings[s.Players[seat].City[m.Space]]
		a := b.Actions[m.Action]
		mv.Piece = b.ID
		mv.Label = tf("%s: %s (%s)", "%s: %s (%s)", b.Name, effectLabel(a.Effect), crowdText(m.Crowd))
		if m.Colour != none {
			mv.Label = tf("%s: %s → %s (%s)", "%s: %s → %s (%s)", b.Name, colourName[green], colourName[m.Colour], crowdText(m.Crowd))
		}
	case verbDone:
		mv.Label = games.T("Done in the city", "Fertig in der Stadt")
	}
	mv.Label = games.T(clip(mv.Label.EN), clip(mv.Label.DE))
	return mv
}

// buildingLabel names a building of the display by what it is: "Command
// Post (headquarters, shelter 5)". Its actions and its tile are on the
// board and in its description.
func buildingLabel(b *Building) games.Text {
	return tf("%s (%s, shelter %d)", "%s (%s, Unterkunft %d)", b.Name, typeNames[b.Type], b.Shelter)
}

// effectLabel is an action's effect as short as a move's label needs it;
// the whole text is effectText.
func effectLabel(e Effect) games.Text {
	switch e.Kind {
	case effDrawKeep:
		return tf("draw %d, keep %d", "%d ziehen, %d behalten", e.Amount, e.Keep)
	case effSearch:
		return games.T("search the deck", "Stapel durchsuchen")
	case effRecruit:
		return games.T("recruit from the bag", "aus dem Beutel anwerben")
	case effRetreat:
		return tf("plunderer marker %s left", "Plünderermarker %s nach links", fields(e.Amount))
	case effRepair:
		if e.VP > 0 {
			return tf("repair %s, +%s", "%s reparieren, +%s", fields(e.Amount), points(e.VP))
		}
		return tf("repair %s", "%s reparieren", fields(e.Amount))
	}
	return effectText(e)
}

func clip(s string) string {
	if utf8.RuneCountInString(s) <= 80 {
		return s
	}
	return string([]rune(s)[:79]) + "…"
}

// summaryLimit is the most runes a Summary may have in a language: a
// select option's description on Discord.
const summaryLimit = 100

// summary is a piece's effect for a select option's description: body
// itself where it fits in summaryLimit runes, else short, written whole
// (the catalogue's validation checks its length).
func summary(body, short games.Text) games.Text {
	if utf8.RuneCountInString(body.EN) <= summaryLimit && utf8.RuneCountInString(body.DE) <= summaryLimit {
		return games.Text{}
	}
	return short
}

// shortEffect is an effect in the fewest words that still say it whole.
func shortEffect(e Effect) games.Text {
	n := e.Amount
	switch e.Kind {
	case effPlunderer:
		return tf("plunderer marker %d right", "Plünderermarker %d nach rechts", n)
	case effRepel:
		return tf("plunderer marker %d left, +1 point per field", "Plünderermarker %d nach links, +1 Punkt je Feld", n)
	case effRetreat:
		return tf("plunderer marker %d left, no points", "Plünderermarker %d nach links, ohne Punkte", n)
	case effDamage:
		return tf("damage marker %d right", "Schadensmarker %d nach rechts", n)
	case effRepair:
		if e.VP > 0 {
			return tf("repair %s, +%s", "%s reparieren, +%s", fields(n), points(e.VP))
		}
		return tf("repair %s", "%s reparieren", fields(n))
	case effDraw:
		return games.Count(n, games.T("draw %d card", "%d Karte ziehen"), games.T("draw %d cards", "%d Karten ziehen"))
	case effDrawKeep:
		return tf("draw %d cards, keep %d", "%d Karten ziehen, %d behalten", n, e.Keep)
	case effSearch:
		return games.T("box a card of yours, take any from the deck", "eigene Karte in die Schachtel, beliebige aus dem Stapel")
	case effDiscard:
		return games.Count(n, games.T("box %d card of yours", "%d eigene Karte in die Schachtel"), games.T("box %d cards of yours", "%d eigene Karten in die Schachtel"))
	case effHouse:
		return tf("+%d shelter this round", "+%d Unterkunft in dieser Runde", n)
	case effSwap:
		return games.T("a worker of yours for a soldier or engineer from the bag", "eigener Arbeiter gegen Soldat oder Ingenieur aus dem Beutel")
	case effTrain:
		return games.T("a paying worker into the bag, a soldier or engineer out", "Arbeiter in den Beutel, Soldat oder Ingenieur heraus")
	case effRecruit:
		return tf("draw a survivor: soldier/engineer/leader joins, others +%s", "Überlebenden ziehen: Soldat/Ingenieur/Anführer bleibt, sonst +%s", points(n))
	}
	return effectText(e)
}

// shortCost is what pays an action in the fewest words.
func shortCost(cost []string) games.Text {
	parts := make([]games.Text, len(cost))
	for i, c := range cost {
		switch c {
		case costAny:
			parts[i] = games.T("any", "beliebig")
		case costSoldierOrEngin:
			parts[i] = games.T("soldier/engineer", "Soldat/Ingenieur")
		default:
			parts[i] = colourName[indexColour(c)]
		}
	}
	return join(parts, "+")
}

// shortPassive is a passive in the fewest words.
func shortPassive(p Passive) games.Text {
	switch p.Kind {
	case passWorkersWild:
		return games.T("workers count as engineers and soldiers", "Arbeiter zählen als Ingenieure und Soldaten")
	case passUnusedShelter:
		return tf("+%s per unused shelter each round", "+%s je freie Unterkunft pro Runde", points(p.Amount))
	case passFightVP:
		if p.First > 0 {
			return tf("first %d fought per round: %s each", "erste %d Kämpfe je Runde: je %s", p.First, points(p.Amount))
		}
		return tf("fights give %s", "Kämpfe geben %s", points(p.Amount))
	case passTowerSite:
		return games.T("may hold a Watchtower upgrade", "darf eine Wachturm-Aufwertung tragen")
	case passShelterPerType:
		return tf("+%d shelter per %s building", "+%d Unterkunft je %s-Gebäude", p.Amount, typeNames[p.Type])
	}
	return passiveText(p)
}

// buildingSummary is a building's card in at most summaryLimit runes:
// shelter, actions, passives and star first; its type, the building it
// must go over and the building it excludes only where they still fit
// (the legal moves keep those rules anyway).
func (cs *CardSet) buildingSummary(b *Building) games.Text {
	var parts []games.Text
	for _, a := range b.Actions {
		parts = append(parts, tf("%d× %s: %s", "%d× %s: %s", a.Uses, shortCost(a.Cost), shortEffect(a.Effect)))
	}
	for _, p := range b.Passives {
		parts = append(parts, shortPassive(p))
	}
	if b.Star > 0 {
		parts = append(parts, tf("★ +%s each round", "★ +%s je Runde", points(b.Star)))
	}
	var excl []games.Text
	for _, x := range b.Excludes {
		excl = append(excl, tf("not with %s", "nicht mit %s", cs.Buildings[cs.building[x]].Name))
	}
	shelter := tf("shelter %d", "Unterkunft %d", b.Shelter)
	head := []games.Text{tf("%s, %s", "%s, %s", typeNames[b.Type], shelter), shelter}
	if b.Upgrade == printedWatchtower {
		over := games.T("over Watchtower", "über Wachturm")
		head = []games.Text{tf("%s, %s, %s", "%s, %s, %s", typeNames[b.Type], shelter, over), tf("%s, %s", "%s, %s", shelter, over), shelter}
	}
	var t games.Text
	for _, tail := range [][]games.Text{excl, nil} {
		for _, h := range head {
			t = join(slices.Concat([]games.Text{h}, parts, tail), " · ")
			if utf8.RuneCountInString(t.EN) <= summaryLimit && utf8.RuneCountInString(t.DE) <= summaryLimit {
				return t
			}
		}
	}
	return t
}

// bidTileSummary is a bid tile's bonus and malus in short.
func bidTileSummary(t BidTile) games.Text {
	return tf("Bonus: %s · Malus: %s", "Bonus: %s · Malus: %s", shortEffect(t.Bonus), shortEffect(t.Malus))
}
