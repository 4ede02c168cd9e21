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
	return msgs.Count("Points", n, n)
}

func fields(n int) games.Text {
	return msgs.Count("Fields", n, n)
}

func cards(n int) games.Text {
	return msgs.Count("EquipmentCards", n, n)
}

// colourNames are the survivors' names, one and several.
var colourNames = [colours][2]games.Text{
	{msgs.Text("Plunderer"), msgs.Text("Plunderers")},
	{msgs.Text("Worker"), msgs.Text("Workers")},
	{msgs.Text("Soldier"), msgs.Text("Soldiers")},
	{msgs.Text("Engineer"), msgs.Text("Engineers")},
	{msgs.Text("Leader"), msgs.Text("Leaders")},
}

// colourName is a survivor's name without a number.
var colourName = [colours]games.Text{
	msgs.Text("PlundererName"), msgs.Text("WorkerName"), msgs.Text("SoldierName"),
	msgs.Text("EngineerName"), msgs.Text("LeaderName"),
}

// aColour is one survivor with its article as an object: "an engineer",
// "einen Soldaten".
var aColour = [colours]games.Text{
	msgs.Text("APlunderer"), msgs.Text("AWorker"), msgs.Text("ASoldier"),
	msgs.Text("AnEngineer"), msgs.Text("ALeader"),
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
		return msgs.Text("NoSurvivors")
	}
	return join(parts, ", ")
}

var areaNames = [areas]games.Text{
	msgs.Text("Explore"), msgs.Text("Build"), msgs.Text("City"),
}

var typeNames = map[string]games.Text{
	typeHQ:       msgs.Text("Headquarters"),
	typeCivil:    msgs.Text("Civil"),
	typeMilitary: msgs.Text("Military"),
	typeScience:  msgs.Text("Science"),
}

// spaceName names a city space: "space 3".
func spaceName(sp int) games.Text { return msgs.Text("Space", sp+1) }

// effectText describes an effect.
func effectText(e Effect) games.Text {
	n := e.Amount
	capped := games.Text{}
	if e.Capped {
		capped = msgs.Text("NothingEndTrack")
	}
	switch e.Kind {
	case effVP:
		if n < 0 {
			return msgs.Text("Lose", points(-n))
		}
		return msgs.Text("PlusPoints", points(n))
	case effPlunderer:
		return msgs.Text("PlundererMarkerRight", fields(n), capped)
	case effRepel:
		return msgs.Text("PlundererMarkerLeftPointPer", fields(n))
	case effFight:
		return msgs.Text("Fight", games.Count(n, colourNames[red][0], colourNames[red][1]))
	case effRetreat:
		return msgs.Text("PlundererMarkerLeftNoPoints", fields(n))
	case effDamage:
		return msgs.Text("DamageMarkerRight", fields(n), capped)
	case effRepair:
		if e.VP > 0 {
			return msgs.Text("DamageMarkerLeft", fields(n), points(e.VP))
		}
		return msgs.Text("DamageMarkerLeftFields", fields(n))
	case effDraw:
		return msgs.Text("Draw", cards(n))
	case effDrawKeep:
		return msgs.Text("DrawKeepRestUnderDeck", cards(n), e.Keep)
	case effSearch:
		return msgs.Text("BoxOneEquipmentCardsThen")
	case effDiscard:
		return msgs.Text("BoxChoice", cards(n))
	case effHouse:
		return msgs.Text("ShelterThisRound", n)
	case effSwap:
		return msgs.Text("SwapOneWorkersSoldierEngineer")
	case effTrain:
		return msgs.Text("OnePayingWorkerIntoBag")
	case effRecruit:
		return msgs.Text("DrawSurvivorSoldierEngineerLeader", points(n))
	case effVPPerType:
		return msgs.Text("PerBuilding", points(n), typeNames[e.Type])
	case effLeaderAside:
		return leaderAside
	}
	return games.T(e.Kind, e.Kind)
}

// costText describes what pays an action: "soldier or engineer, worker".
func costText(cost []string) games.Text {
	parts := make([]games.Text, len(cost))
	for i, c := range cost {
		switch c {
		case costAny:
			parts[i] = msgs.Text("AnySurvivor")
		case costSoldierOrEngin:
			parts[i] = msgs.Text("SoldierEngineer")
		default:
			parts[i] = colourName[indexColour(c)]
		}
	}
	return join(parts, " + ")
}

// actionText is "1×: soldier → fight 2 plunderers".
func actionText(a Action) games.Text {
	return msgs.Text("ActionText", a.Uses, costText(a.Cost), effectText(a.Effect))
}

// passiveText describes a passive.
func passiveText(p Passive) games.Text {
	switch p.Kind {
	case passWorkersWild:
		return msgs.Text("WorkersAlsoCountAsEngineers")
	case passUnusedShelter:
		return msgs.Text("PerUnusedShelterEndEach", points(p.Amount))
	case passFightVP:
		if p.First > 0 {
			return msgs.Text("FirstPlunderersFightEachRound", p.First, points(p.Amount))
		}
		return msgs.Text("FightingPlunderersGivesEach", points(p.Amount))
	case passTowerSite:
		return msgs.Text("WatchtowerUpgradeMayBeBuilt")
	case passShelterPerType:
		return msgs.Text("ShelterPerBuildingItselfIncluded", p.Amount, typeNames[p.Type])
	}
	return games.T(p.Kind, p.Kind)
}

// buildingText is a building's whole card text.
func (cs *CardSet) buildingText(b *Building) games.Text {
	parts := []games.Text{msgs.Text("BuildingTypeShelter", typeNames[b.Type], b.Shelter)}
	if b.Level > 0 {
		parts[0] = msgs.Text("Level", b.Level, parts[0])
	}
	switch b.Upgrade {
	case printedHQ:
		parts = append(parts, msgs.Text("UpgradeOnlyOverHeadquarters"))
	case printedWatchtower:
		parts = append(parts, msgs.Text("UpgradeOnlyOverWatchtowerTower"))
	}
	for _, a := range b.Actions {
		parts = append(parts, actionText(a))
	}
	for _, p := range b.Passives {
		parts = append(parts, passiveText(p))
	}
	if b.Star > 0 {
		parts = append(parts, msgs.Text("EndEachRound", points(b.Star)))
	}
	for _, x := range b.Excludes {
		parts = append(parts, msgs.Text("NeverTogetherWith", cs.Buildings[cs.building[x]].Name))
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
		what = msgs.Text("VisibleBuilding", typeNames[t.Type])
	case scoreEquipment:
		if t.Equipment == vehicleKind {
			what = msgs.Text("VehiclePart")
		} else {
			what = cs.Equipment[cs.equipment[t.Equipment]].Name
		}
	case scoreCards:
		what = msgs.Text("EquipmentCard")
	}
	return msgs.Text("Per", points(t.Amount), what)
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
		return msgs.Text("GameCardsScorePointsNo",
			e.Count, strings.Join(nums, "/"), len(sc.Table))
	case scoreSets:
		return msgs.Text("GameEverySetScores", e.Count, sc.Size, points(sc.Amount))
	case scoreMajority:
		return msgs.Text("Game", e.Count, majorityText(sc))
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
		return msgs.Text("VehiclePartDifferentPartsOne", v.Name, strings.Join(nums, "/"))
	}
	return games.Text{}
}

// majorityText is how the most cards of a kind score.
func majorityText(sc EquipmentScoring) games.Text {
	return msgs.Text("MostSecondMostTiesAll",
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
		return msgs.Text("Nothing")
	}
	return join(parts, ", ")
}

func (g *Game) tileName(tile int) games.Text {
	if tile == none {
		return msgs.Text("NoTile")
	}
	return effectText(g.cs.tileOf(tile).Effect)
}

// seatList is seats as one argument of say: "{p2}, {p0}, {p1}".
func seatList(seats []int) seatRefs { return seatRefs(seats) }

// leaderAside is a leader set aside beside the damage track.
var leaderAside = msgs.Text("LeaderSetAside")

// changes describes what changed for seat since before: "points 12 → 9,
// plunderer marker 2 → 5"; false if nothing did.
func (g *Game) changes(seat int, before player) (games.Text, bool) {
	p := g.s.Players[seat]
	var parts []games.Text
	if p.Score != before.Score {
		parts = append(parts, msgs.Text("PointsChange", before.Score, p.Score))
	}
	if p.Plunderer != before.Plunderer {
		parts = append(parts, msgs.Text("PlundererMarkerChange", before.Plunderer, p.Plunderer))
	}
	if p.Damage != before.Damage {
		parts = append(parts, msgs.Text("DamageMarkerChange", before.Damage, p.Damage))
	}
	if p.Aside > before.Aside {
		parts = append(parts, leaderAside)
	}
	if p.Aside < before.Aside {
		parts = append(parts, msgs.Text("LeaderBackBehindScreen"))
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
		return msgs.Text("NoChipAnyMore")
	case laps <= top:
		return msgs.Text("Chip", laps)
	}
	return msgs.Text("ChipAndPoints", top, points(laps-top))
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
		t.text = join([]games.Text{t.text, msgs.Text("TurnsExplosionSide")}, " ")
	}
	return t
}

func msgRepair(seat, n, field int, why games.Text) line {
	t := say("%s's damage marker moves %s left to %d (%s).", "Der Schadensmarker von %s rückt %s nach links auf %d (%s).", who(seat), fields(n), field, why)
	if field == 1 {
		t.text = join([]games.Text{t.text, msgs.Text("TurnsSide")}, " ")
	}
	return t
}

var (
	msgPlundererOverflow = msgs.Text("PlundererTrackFull")
	msgDamageOverflow    = msgs.Text("DamageTrackFull")
	msgDamageTrack       = msgs.Text("DamageTrack")
	msgRepelled          = msgs.Text("PlunderersRepelled")
	msgRoundAdvance      = msgs.Text("PlunderersAdvance")
	msgDisplays          = msgs.Text("NewEquipmentWithSurvivorsFrom")
	msgCityBegins        = msgs.Text("CityEachPlayerSCity")
	msgNoShelter         = msgs.Text("NoShelter")
	msgStars             = msgs.Text("EndRoundShelterBuildings")
	msgChooseFinal       = msgs.Text("FinalScoringEveryoneChoosesOne")
	msgNewBidTiles       = msgs.Text("ThreeNewBidTilesAre")
	msgPlundererToll     = msgs.Text("PlundererToll")
	msgFinalScoring      = msgs.Text("FinalScoringChosenPrivateTiles")
	msgEquipment         = msgs.Text("Equipment")
	msgTile              = msgs.Text("BuildingTile")
	msgPreparation       = msgs.Text("PreparationPlunderersAdvanceDamageTrack")
	msgRoundEnd          = msgs.Text("PlunderersNotRepelled")
)

func msgIntermediate(tile string) games.Text {
	return msgs.Text("IntermediateScoringPublicTilePlunderers", tile)
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

func msgBonus(a int) games.Text { return msgs.Text("Bonus", areaNames[a]) }
func msgMalus(a int) games.Text { return msgs.Text("Malus", areaNames[a]) }

func msgNotRepelled(n int) games.Text {
	return msgs.Text("NotRepelled", games.Count(n, colourNames[red][0], colourNames[red][1]))
}

func msgShort(seat, have, shelter int) line {
	return say("%s has %d survivors but only %d shelter.", "%s hat %d Überlebende, aber nur %d Unterkunftspunkte.", who(seat), have, shelter)
}

func msgReleased(seat int, c Crowd, loss int) line {
	return say("%s returns %s to the bag; that costs %s at the end of the round.", "%s legt in den Beutel zurück: %[2]s. Das kostet am Rundenende %[3]s.",
		who(seat), crowdText(c), points(loss))
}

func msgUnusedShelter(n int) games.Text {
	return msgs.Text("UnusedShelter", n)
}

func msgPublicTile(id string) games.Text {
	return msgs.Text("PublicTile", id)
}

func msgPrivateTile(id string) games.Text { return msgs.Text("PrivateTile", id) }

func msgBid(seat, a int, c Crowd, pos int) line {
	return say("%s bids %s in %s (field %d).", "%s bietet im Bereich %[3]s (Feld %[4]d): %[2]s.", who(seat), crowdText(c), areaNames[a], pos)
}

func msgExplore(seat int, name games.Text, c Crowd) line {
	return say("%s takes %s with %s.", "%s nimmt %s (%s).", who(seat), name, crowdText(c))
}

func msgPlunderersJoin(n int) games.Text {
	return msgs.Text("Found", games.Count(n, colourNames[red][0], colourNames[red][1]))
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

func msgRepairWith(c Crowd) games.Text { return msgs.Text("RepairWith", crowdText(c)) }

func msgCityDone(seat int) line {
	return say("%s is done in the city.", "%s ist in der Stadt fertig.", who(seat))
}

var swapPlaces = map[string]games.Text{
	swapScreen: msgs.Text("FromBehindScreen"),
	swapBid:    msgs.Text("FromBid"),
	swapCity:   msgs.Text("SwapInCity"),
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
	return msgs.Text("EffectOutcome", effectText(e), join(did, ", "))
}

// markerOn names the field a track's marker stands on now.
func markerOn(plunderer bool, field int) games.Text {
	switch {
	case plunderer:
		return msgs.Text("PlundererMarkerOn", field)
	case field == 1:
		return msgs.Text("DamageMarkerSideUp")
	}
	return msgs.Text("DamageMarkerOn", field)
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
	return msgs.Text("Round", round, rounds, phaseTitle(ph))
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
		return msgs.Text("Bidding")
	case phaseBidTiles:
		return msgs.Text("BidTiles")
	case phaseExplore:
		return msgs.Text("PhaseExplore")
	case phaseBuild:
		return msgs.Text("PhaseBuild")
	case phaseCity:
		return msgs.Text("PhaseCity")
	case phaseShelter:
		return msgs.Text("Shelter")
	case phaseFinal:
		return msgs.Text("FinalScoring")
	}
	return msgs.Text("GameOver")
}

// Prompts: short, as the board's headline shows them after the name.

var promptBid = msgs.Text("PlaceBid")

func promptPhase(ph phase) games.Text {
	switch ph {
	case phaseExplore:
		return msgs.Text("TakeEquipment")
	case phaseBuild:
		return msgs.Text("TakeBuilding")
	case phaseCity:
		return msgs.Text("CityActions")
	case phaseShelter:
		return msgs.Text("ReturnSurvivorsNoShelter")
	case phaseFinal:
		return msgs.Text("ChoosePrivateTile")
	}
	return games.Text{}
}

func promptPending(kind string) games.Text {
	switch kind {
	case pendPlace:
		return msgs.Text("BuildBoxBuilding")
	case pendDiscard, pendSearchBox:
		return msgs.Text("BoxEquipmentCard")
	case pendSwap:
		return msgs.Text("SwapWorker")
	case pendKeep:
		return msgs.Text("KeepOneCard")
	case pendSearchTake:
		return msgs.Text("TakeCardFromDeck")
	}
	return games.Text{}
}

func pickBidLabel(a int) games.Text {
	return msgs.Text("SurvivorsBidOneCountPer", areaNames[a])
}

// survivors is "1 survivor" / "3 survivors".
func survivors(n int) games.Text { return msgs.Count("Survivors", n, n) }

func pickReleaseLabel(n int) games.Text {
	return msgs.Text("ReturnBagOneCountPer", survivors(n))
}

// pickCountsRule is what a bid's menu allows: one count per colour.
var pickCountsRule = msgs.Text("ChooseOneCountPerColour")

// pickReleaseRule is what the shelter's menu allows.
func pickReleaseRule(n int) games.Text {
	return msgs.Text("ReturnExactlyOneCountPer",
		survivors(n))
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
	t := survivors(n)
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
			mv.Label = msgs.Text("Take", cs.Equipment[cs.equipment[m.Kind]].Name)
			mv.Private, mv.Piece = true, m.Kind
		case s.Phase == phaseExplore:
			d := s.Display[m.Slot]
			mv.Label = msgs.Text("With", m.Slot+1, cs.kindOf(d.Card).Name, crowdText(d.Survivors))
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
			mv.Label = msgs.Text("DoNotBuildIntoBox")
			break
		}
		mv.Label = msgs.Text("BuildOnSpace", spaceName(m.Space))
		if old := s.Players[seat].City[m.Space]; old != none {
			mv.Label = msgs.Text("BuildOver", spaceName(m.Space), cs.Buildings[old].Name)
		}
	case verbDiscard:
		mv.Label = msgs.Text("BoxCard", cs.Equipment[cs.equipment[m.Kind]].Name)
		mv.Private, mv.Piece = true, m.Kind
	case verbKeep:
		mv.Label = msgs.Text("Keep", cs.Equipment[cs.equipment[m.Kind]].Name)
		mv.Private, mv.Piece = true, m.Kind
	case verbSwap:
		mv.Label = msgs.Text("SwapWorkerLabel", swapPlaces[m.Where], colourName[m.Colour])
		mv.Private = m.Where == swapScreen && !s.Open
	case verbRelease:
		mv.Label = msgs.Text("Return", crowdText(m.Crowd))
		mv.Private, mv.Primary = !s.Open, false
	case verbScore:
		mv.Label = msgs.Text("Score", m.Kind, cs.scoringText(cs.ScoringTiles[g.scoringIndex(m.Kind)]))
		mv.Private, mv.Piece = true, m.Kind
	case verbExtension:
		mv.Piece = cs.Buildings[cs.printedIndex(printedExtension)].ID
		mv.Label = msgs.Text("ExtensionWith", crowdText(m.Crowd))
	case verbRepair:
		mv.Label = msgs.Text("RepairWithLabel", crowdText(m.Crowd))
	case verbUse:
		b := &cs.Buildings[s.Players[seat].City[m.Space]]
		a := b.Actions[m.Action]
		mv.Piece = b.ID
		mv.Label = msgs.Text("UseActionLabel", b.Name, effectLabel(a.Effect), crowdText(m.Crowd))
		if m.Colour != none {
			mv.Label = msgs.Text("UseSwapActionLabel", b.Name, colourName[green], colourName[m.Colour], crowdText(m.Crowd))
		}
	case verbDone:
		mv.Label = msgs.Text("DoneCity")
	}
	mv.Label = games.T(clip(mv.Label.EN), clip(mv.Label.DE))
	return mv
}

// buildingLabel names a building of the display by what it is: "Command
// Post (headquarters, shelter 5)". Its actions and its tile are on the
// board and in its description.
func buildingLabel(b *Building) games.Text {
	return msgs.Text("BuildingTypeShelterLabel", b.Name, typeNames[b.Type], b.Shelter)
}

// effectLabel is an action's effect as short as a move's label needs it;
// the whole text is effectText.
func effectLabel(e Effect) games.Text {
	switch e.Kind {
	case effDrawKeep:
		return msgs.Text("DrawKeep", e.Amount, e.Keep)
	case effSearch:
		return msgs.Text("SearchDeck")
	case effRecruit:
		return msgs.Text("RecruitFromBag")
	case effRetreat:
		return msgs.Text("PlundererMarkerLeft", fields(e.Amount))
	case effRepair:
		return repairText(e)
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

// repairText is a repair effect in a label: "repair 2 fields, +1 point".
func repairText(e Effect) games.Text {
	if e.VP > 0 {
		return msgs.Text("RepairPoints", fields(e.Amount), points(e.VP))
	}
	return msgs.Text("RepairFields", fields(e.Amount))
}

// shortEffect is an effect in the fewest words that still say it whole.
func shortEffect(e Effect) games.Text {
	n := e.Amount
	switch e.Kind {
	case effPlunderer:
		return msgs.Text("PlundererMarkerRightShort", n)
	case effRepel:
		return msgs.Text("PlundererMarkerLeftPointsShort", n)
	case effRetreat:
		return msgs.Text("PlundererMarkerLeftNoPointsShort", n)
	case effDamage:
		return msgs.Text("DamageMarkerRightShort", n)
	case effRepair:
		return repairText(e)
	case effDraw:
		return msgs.Count("DrawCards", n, n)
	case effDrawKeep:
		return msgs.Text("DrawCardsKeep", n, e.Keep)
	case effSearch:
		return msgs.Text("BoxCardYoursTakeAny")
	case effDiscard:
		return msgs.Count("BoxCardsYours", n, n)
	case effHouse:
		return msgs.Text("ShelterThisRoundShort", n)
	case effSwap:
		return msgs.Text("WorkerYoursSoldierEngineerFrom")
	case effTrain:
		return msgs.Text("PayingWorkerIntoBagSoldier")
	case effRecruit:
		return msgs.Text("RecruitShort", points(n))
	}
	return effectText(e)
}

// shortCost is what pays an action in the fewest words.
func shortCost(cost []string) games.Text {
	parts := make([]games.Text, len(cost))
	for i, c := range cost {
		switch c {
		case costAny:
			parts[i] = msgs.Text("Any")
		case costSoldierOrEngin:
			parts[i] = msgs.Text("SoldierEngineerShort")
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
		return msgs.Text("WorkersCountAsEngineersSoldiers")
	case passUnusedShelter:
		return msgs.Text("PerUnusedShelterEachRound", points(p.Amount))
	case passFightVP:
		if p.First > 0 {
			return msgs.Text("FirstFoughtPerRoundEach", p.First, points(p.Amount))
		}
		return msgs.Text("FightsGive", points(p.Amount))
	case passTowerSite:
		return msgs.Text("MayHoldWatchtowerUpgrade")
	case passShelterPerType:
		return msgs.Text("ShelterPerBuilding", p.Amount, typeNames[p.Type])
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
		parts = append(parts, msgs.Text("ActionShort", a.Uses, shortCost(a.Cost), shortEffect(a.Effect)))
	}
	for _, p := range b.Passives {
		parts = append(parts, shortPassive(p))
	}
	if b.Star > 0 {
		parts = append(parts, msgs.Text("EachRound", points(b.Star)))
	}
	var excl []games.Text
	for _, x := range b.Excludes {
		excl = append(excl, msgs.Text("NotWith", cs.Buildings[cs.building[x]].Name))
	}
	shelter := msgs.Text("ShelterValue", b.Shelter)
	head := []games.Text{twoParts(typeNames[b.Type], shelter), shelter}
	if b.Upgrade == printedWatchtower {
		over := msgs.Text("OverWatchtower")
		head = []games.Text{msgs.Text("ThreeParts", typeNames[b.Type], shelter, over), twoParts(shelter, over), shelter}
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
	return msgs.Text("BonusMalus", shortEffect(t.Bonus), shortEffect(t.Malus))
}

// twoParts is "a, b".
func twoParts(a, b games.Text) games.Text { return msgs.Text("TwoParts", a, b) }
