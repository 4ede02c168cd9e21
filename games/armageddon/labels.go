package armageddon

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
)

// seatRef is a seat as an argument of a message: written as its
// placeholder ({p1}).
type seatRef int

func (s seatRef) String() string { return games.Seatf(games.Seat(s)) }

// seatRefs is a list of seats as one argument of a message: "{p2}, {p0}".
type seatRefs []int

func (ss seatRefs) String() string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = games.Seatf(games.Seat(s))
	}
	return strings.Join(parts, ", ")
}

// line is the text of an event with the seats it names, in the order of
// their first mention; events are made from lines only, so that an
// event's Seats never have to be read back from its text.
type line struct {
	text  games.Text
	seats []games.Seat
}

// plain is a line that names no seat.
func plain(t games.Text) line { return line{text: t} }

// about is the line of t, which names seats (through who and seatList
// arguments) in this order.
func about(t games.Text, seats ...int) line {
	l := line{text: t}
	for _, s := range seats {
		if !slices.Contains(l.seats, games.Seat(s)) {
			l.seats = append(l.seats, games.Seat(s))
		}
	}
	return l
}

// who is seat as an argument of a message: its placeholder.
func who(seat int) seatRef { return seatRef(seat) }

// plusPoints is "+1 point" / "+3 points".
func plusPoints(n int) games.Text { return msgs.Text("PlusPoints", points(n)) }

// drawCards is "draw 2 equipment cards".
func drawCards(n int) games.Text { return msgs.Text("DrawEffect", cards(n)) }

// nothing stands for an empty list of cards; noTile for a building
// without its tile.
var (
	nothing = msgs.Text("Nothing")
	noTile  = msgs.Text("NoTile")
)

// points is "1 point" / "3 points".
func points(n int) games.Text {
	return msgs.Count("Points", n, n)
}

// pointsWith is points(n) after "with", which German follows with the
// dative ("mit 138 Punkten").
func pointsWith(n int) games.Text {
	return msgs.Count("PointsWith", n, n)
}

func fields(n int) games.Text {
	return msgs.Count("Fields", n, n)
}

func cards(n int) games.Text {
	return msgs.Count("EquipmentCards", n, n)
}

// survivorCount is n survivors of colour col: "1 worker", "3 soldiers".
func survivorCount(col, n int) games.Text {
	switch col {
	case red:
		return msgs.Count("Plunderers", n, n)
	case green:
		return msgs.Count("Workers", n, n)
	case blue:
		return msgs.Count("Soldiers", n, n)
	case yellow:
		return msgs.Count("Engineers", n, n)
	}
	return msgs.Count("Leaders", n, n)
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
			parts = append(parts, survivorCount(col, n))
		}
	}
	if len(parts) == 0 {
		return msgs.Text("NoSurvivors")
	}
	return games.Join(parts, ", ")
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

// typeBuildings names a building of a type, as one word where German
// makes a compound of it ("Wissenschaftsgebäude", not "Wissenschaft-Gebäude").
var typeBuildings = map[string]games.Text{
	typeHQ:       msgs.Text("HeadquartersBuilding"),
	typeCivil:    msgs.Text("CivilBuilding"),
	typeMilitary: msgs.Text("MilitaryBuilding"),
	typeScience:  msgs.Text("ScienceBuilding"),
}

// spaceName names a city space: "space 3".
func spaceName(sp int) games.Text { return msgs.Text("SpaceName", sp+1) }

// effectText describes an effect.
func effectText(e Effect) games.Text {
	n := e.Amount
	capped := games.Text{}
	if e.Capped {
		capped = msgs.Text("NothingAtTrackEnd")
	}
	switch e.Kind {
	case effVP:
		if n < 0 {
			return msgs.Text("LosePoints", points(-n))
		}
		return plusPoints(n)
	case effPlunderer:
		return msgs.Text("PlundererMarkerRight", fields(n), capped)
	case effRepel:
		return msgs.Text("PlundererMarkerLeftPointPer", fields(n))
	case effFight:
		return msgs.Text("Fight", survivorCount(red, n))
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
		return drawCards(n)
	case effDrawKeep:
		return msgs.Text("DrawKeepRestUnderDeck", cards(n), e.Keep)
	case effSearch:
		return msgs.Text("SearchEffect")
	case effDiscard:
		return msgs.Text("BoxChoice", cards(n))
	case effHouse:
		return msgs.Text("ShelterThisRound", n)
	case effSwap:
		return msgs.Text("SwapEffect")
	case effTrain:
		return msgs.Text("TrainEffect")
	case effRecruit:
		return msgs.Text("DrawSurvivorSoldierEngineerLeader", points(n))
	case effVPPerType:
		return msgs.Text("PerBuilding", points(n), typeBuildings[e.Type])
	case effLeaderAside:
		return leaderAside
	}
	return games.T(e.Kind, e.Kind)
}

// costText describes what pays an action: "soldier or engineer, worker".
func costText(cost []string) games.Text {
	return costWords(cost, msgs.Text("AnySurvivor"), msgs.Text("SoldierEngineer"), " + ")
}

// costWords names each survivor of cost (any and soldier-or-engineer by
// the words given), joined by sep.
func costWords(cost []string, anySurvivor, soldierOrEngineer games.Text, sep string) games.Text {
	parts := make([]games.Text, len(cost))
	for i, c := range cost {
		switch c {
		case costAny:
			parts[i] = anySurvivor
		case costSoldierOrEngin:
			parts[i] = soldierOrEngineer
		default:
			parts[i] = colourName[indexColour(c)]
		}
	}
	return games.Join(parts, sep)
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
		return msgs.Text("ShelterPerBuildingItselfIncluded", p.Amount, typeBuildings[p.Type])
	}
	return games.T(p.Kind, p.Kind)
}

// buildingText is a building's whole card text.
func (cs *CardSet) buildingText(b *Building) games.Text {
	parts := []games.Text{msgs.Text("BuildingTypeShelter", typeNames[b.Type], b.Shelter)}
	if b.Level > 0 {
		parts[0] = msgs.Text("LevelAndType", b.Level, parts[0])
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
	return games.Join(parts, " · ")
}

// scoringText describes a scoring tile: "4 points per engineer".
func (cs *CardSet) scoringText(t ScoringTile) games.Text {
	var what games.Text
	switch t.Kind {
	case scoreSurvivor:
		what = colourName[indexColour(t.Colour)]
	case scoreBuilding:
		what = msgs.Text("VisibleBuilding", typeBuildings[t.Type])
	case scoreEquipment:
		if t.Equipment == vehicleKind {
			what = msgs.Text("VehiclePart")
		} else {
			what = cs.Equipment[cs.equipment[t.Equipment]].Name
		}
	case scoreCards:
		what = msgs.Text("EquipmentCard")
	}
	return msgs.Text("PointsPer", points(t.Amount), what)
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
		return msgs.Text("TableScoring",
			e.Count, strings.Join(nums, "/"), len(sc.Table))
	case scoreSets:
		return msgs.Text("SetScoring", e.Count, sc.Size, points(sc.Amount))
	case scoreMajority:
		return msgs.Text("MajorityCount", e.Count, majorityText(sc))
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
		return nothing
	}
	return games.Join(parts, ", ")
}

func (g *Game) tileName(tile int) games.Text {
	if tile == none {
		return noTile
	}
	return effectText(g.cs.tileOf(tile).Effect)
}

// seatList is seats as one argument of a message: "{p2}, {p0}, {p1}".
func seatList(seats []int) seatRefs { return seatRefs(seats) }

// seatsAnd lists seats as one argument of a message, the last joined with
// "and": "{p0}, {p1} and {p2}".
func seatsAnd(seats []int) games.Text {
	if len(seats) < 2 {
		return games.T(seatList(seats).String(), seatList(seats).String())
	}
	last := len(seats) - 1
	return msgs.Text("SeatsAnd", seatList(seats[:last]), games.Seatf(games.Seat(seats[last])))
}

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
	return games.Join(parts, ", "), len(parts) > 0
}

// Event texts.

func msgScore(seat, n int, why games.Text) line {
	if n < 0 {
		return about(msgs.Text("Loses", who(seat), points(-n), why), seat)
	}
	return about(msgs.Text("Scores", who(seat), points(n), why), seat)
}

// msgLap tells that seat's score marker passed the end of the score track
// (up) or fell back over it; laps are the points of the laps now.
func msgLap(seat int, up bool, laps, lap int) line {
	if up {
		return about(msgs.Text("ScoreMarkerPassesLap", who(seat), chipText(laps, lap)), seat)
	}
	return about(msgs.Text("ScoreMarkerFallsBackLap", who(seat), chipText(laps, lap)), seat)
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
	return about(msgs.Text("PlundererMarkerMovesRight", who(seat), fields(n), field, why), seat)
}

func msgPlundererLeft(seat, n, field int, why games.Text) line {
	return about(msgs.Text("PlundererMarkerMovesLeft", who(seat), fields(n), field, why), seat)
}

func msgDamageRight(seat, n, field int, flip bool, why games.Text) line {
	t := about(msgs.Text("DamageMarkerMovesRight", who(seat), fields(n), field, why), seat)
	if flip {
		t.text = games.Join([]games.Text{t.text, msgs.Text("TurnsExplosionSide")}, " ")
	}
	return t
}

func msgRepair(seat, n, field int, why games.Text) line {
	t := about(msgs.Text("DamageMarkerMovesLeft", who(seat), fields(n), field, why), seat)
	if field == 1 {
		t.text = games.Join([]games.Text{t.text, msgs.Text("TurnsSide")}, " ")
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
	msgCityBegins        = msgs.Text("CityPhaseBegins")
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
	return about(msgs.Text("PublicTilePrivateTileEquipment",
		who(seat), f.Public, tile, f.Private, f.Equipment, f.Damage, f.Plunderer, points(f.Total)), seat)
}

func msgLeaderAside(seat int) line {
	return about(msgs.Text("MustSetTheirLeaderAside", who(seat)), seat)
}

func msgLeaderBack(seat int) line {
	return about(msgs.Text("LeaderReturnsBehindScreen", who(seat)), seat)
}

func msgHouse(seat, n int) line {
	return about(msgs.Text("HasMoreShelterThisRound", who(seat), n), seat)
}

func msgNoSwap(seat int) line {
	return about(msgs.Text("HasNothingSwap", who(seat)), seat)
}

func msgDeckEmpty(seat int) line {
	return about(msgs.Text("EquipmentDeckEmptyDrawsNothing", who(seat)), seat)
}

func msgDraws(seat, n int) line {
	return about(msgs.Text("Draws", who(seat), cards(n)), seat)
}

func msgYouDraw(names games.Text) line {
	return plain(msgs.Text("YouDraw", names))
}

func msgRoundBegins(r, of int) line {
	return plain(msgs.Text("RoundBegins", r, of))
}

func msgStartPlayer(seat int) line {
	return about(msgs.Text("StartPlayerBidsFirst", who(seat)), seat)
}

func msgExploreOrder(order []int) line {
	return about(msgs.Text("ExplorePlayersPickEquipmentThis", seatList(order)), order...)
}

func msgBuildOrder(order []int) line {
	return about(msgs.Text("BuildPlayersPickBuildingsThis", seatList(order)), order...)
}

func msgBonus(a int) games.Text { return msgs.Text("BonusEffect", areaNames[a]) }
func msgMalus(a int) games.Text { return msgs.Text("MalusEffect", areaNames[a]) }

func msgNotRepelled(n int) games.Text {
	return msgs.Text("NotRepelled", survivorCount(red, n))
}

func msgShort(seat, have, shelter int) line {
	return about(msgs.Text("HasSurvivorsButOnlyShelter", who(seat), have, shelter), seat)
}

func msgReleased(seat int, c Crowd, loss int) line {
	return about(msgs.Text("ReturnsBagThatCostsEnd",
		who(seat), crowdText(c), points(loss)), seat)
}

func msgUnusedShelter(n int) games.Text {
	return msgs.Text("UnusedShelter", n)
}

func msgPublicTile(id string) games.Text {
	return msgs.Text("PublicTile", id)
}

func msgPrivateTile(id string) games.Text { return msgs.Text("PrivateTile", id) }

func msgBid(seat, a int, c Crowd, pos int) line {
	return about(msgs.Text("BidsField", who(seat), crowdText(c), areaNames[a], pos), seat)
}

func msgExplore(seat int, name games.Text, c Crowd) line {
	return about(msgs.Text("TakesWith", who(seat), name, crowdText(c)), seat)
}

func msgPlunderersJoin(n int) games.Text {
	return msgs.Text("PlunderersFound", survivorCount(red, n))
}

func msgTakeBuilding(seat int, name, tile games.Text) line {
	return about(msgs.Text("TakesWithTile", who(seat), name, tile), seat)
}

func msgBuild(seat int, name games.Text, sp int) line {
	return about(msgs.Text("Builds", who(seat), name, spaceName(sp)), seat)
}

func msgOverbuild(seat int, name, old games.Text, sp int) line {
	return about(msgs.Text("BuildsOver", who(seat), name, old, spaceName(sp)), seat)
}

func msgBuildingBoxed(seat int, name games.Text) line {
	return about(msgs.Text("DoesNotBuildGoesInto", who(seat), name), seat)
}

func msgBoxCard(seat int, name games.Text) line {
	return about(msgs.Text("PutsCardIntoBox", who(seat), name), seat)
}

func msgDeckContents(names games.Text) line {
	return plain(msgs.Text("DeckHolds", names))
}

func msgYouKeep(name games.Text) line { return plain(msgs.Text("YouKeep", name)) }

func msgYouTake(name games.Text) line { return plain(msgs.Text("YouTake", name)) }

func msgKeptRest(seat, n int) line {
	return about(msgs.Text("KeepsCardPutsUnderDeck", who(seat), cards(n)), seat)
}

func msgSearched(seat int) line {
	return about(msgs.Text("TakesCardFromDeckDeck", who(seat)), seat)
}

func msgChosen(seat int) line {
	return about(msgs.Text("HasChosenPrivateScoringTile", who(seat)), seat)
}

func msgYouChose(id string) line {
	return plain(msgs.Text("YouChose", id))
}

func msgExtension(seat int, c Crowd) line {
	return about(msgs.Text("BuildsExtensionWith", who(seat), crowdText(c)), seat)
}

func msgRepairWith(c Crowd) games.Text { return msgs.Text("RepairWith", crowdText(c)) }

func msgCityDone(seat int) line {
	return about(msgs.Text("IsDoneInCity", who(seat)), seat)
}

var swapPlaces = map[string]games.Text{
	swapScreen: msgs.Text("FromBehindScreen"),
	swapBid:    msgs.Text("FromBid"),
	swapCity:   msgs.Text("SwapInCity"),
}

func msgSwap(seat int, where string, c int) line {
	return about(msgs.Text("SwapsWorkerFromBag", who(seat), swapPlaces[where], aColour[c]), seat)
}

// msgUse says who used which building with whom, and what it did.
func msgUse(seat int, name games.Text, c Crowd, did games.Text) line {
	return about(msgs.Text("UsesWith", who(seat), name, crowdText(c), did), seat)
}

// outcome is an action's effect with what it did: "fight 2 plunderers →
// plunderer marker on 1, +2 points".
func outcome(e Effect, did ...games.Text) games.Text {
	return msgs.Text("EffectOutcome", effectText(e), games.Join(did, ", "))
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
	return about(msgs.Text("PutsIntoBagTakesBehind", who(seat), aColour[back], aColour[c]), seat)
}

func msgRecruitBack(seat, c int) line {
	return about(msgs.Text("DrawsFromBagGoesBack", who(seat), aColour[c]), seat)
}

func msgRecruitJoins(seat, c int) line {
	return about(msgs.Text("DrawsFromBagJoinsCity", who(seat), aColour[c]), seat)
}

func msgStatus(round, rounds int, ph phase) games.Text {
	return msgs.Text("RoundSummary", round, rounds, phaseTitle(ph))
}

func msgWinners(winners []games.Seat, best int) line {
	seats := make([]int, len(winners))
	for i, w := range winners {
		seats[i] = int(w)
	}
	if len(seats) == 1 {
		return about(msgs.Text("WinsWith", seatList(seats), pointsWith(best)), seats...)
	}
	return about(msgs.Text("ShareWinWith", seatsAnd(seats), pointsWith(best)), seats...)
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

// refusal is a rule error with reason t.
func refusal(t games.Text) error {
	return &games.RuleError{Reason: t}
}

// notations joins notations as code: "`take 1` · `done`".
func codeList(ns []string) string {
	return "`" + strings.Join(ns, "` · `") + "`"
}

func errUnknownMove(examples []string) error {
	return refusal(msgs.Text("RefuseUnknownMoveNowCanWrite", codeList(examples)))
}

func errWriteAs(notation string) error {
	return refusal(msgs.Text("RefuseWriteThatMoveAs", notation))
}

func errNotNow(asked games.Text, examples []string) error {
	return refusal(msgs.Text("RefuseNotPossibleNowExample", asked, codeList(examples)))
}

func errBidTwice(a int) error {
	return refusal(msgs.Text("RefuseHaveAlreadyBid", areaNames[a]))
}

func errNotBehindScreen(have Crowd) error {
	return refusal(msgs.Text("RefuseNotBehindScreen", crowdText(have)))
}

func errNotYours(have Crowd) error {
	return refusal(msgs.Text("RefuseNotYourSurvivors", crowdText(have)))
}

var (
	errSlotEmpty       = refusal(msgs.Text("RefuseThatCardHasBeenTaken"))
	errTakeSlot        = refusal(msgs.Text("RefuseTakeCardDisplayByNumber"))
	errTakeKind        = refusal(msgs.Text("RefuseTakeCardDeckByKind"))
	errExtensionBuilt  = refusal(msgs.Text("RefuseExtensionBuiltAlready"))
	errNothingToRepair = refusal(msgs.Text("RefuseDamageMarkerFieldThereNothing"))
	errTrainColour     = refusal(msgs.Text("RefuseSayWhomTakeFromBag"))
	errNoColour        = refusal(msgs.Text("RefuseThatActionTakesNobodyFrom"))
)

func errNoSlot(slot, n int) error {
	return refusal(msgs.Text("RefuseThereNoCardDisplayHas", slot+1, n))
}

func errNoKind(kind string, kinds []string) error {
	return refusal(msgs.Text("RefuseThereNoEquipmentKindsAre", kind, strings.Join(kinds, ", ")))
}

func errNotInHand(name games.Text) error {
	return refusal(msgs.Text("RefuseHaveNoCardHand", name))
}

func errNotDrawn(name games.Text) error {
	return refusal(msgs.Text("RefuseDidNotDrawCard", name))
}

func errNotInDeck(name games.Text) error {
	return refusal(msgs.Text("RefuseDeckHoldsNoCard", name))
}

func errNoExtension(sp int) error {
	return refusal(msgs.Text("RefuseSpaceFreeOnlyOnceExtension", sp+1))
}

func errHQOnly(name games.Text) error {
	return refusal(msgs.Text("RefuseUpgradeHeadquartersGoesOnlySpace", name))
}

func errTowerOnly(name games.Text) error {
	return refusal(msgs.Text("RefuseUpgradeWatchtowerGoesOnlySpace", name))
}

func errUpgradeSpace(name games.Text) error {
	return refusal(msgs.Text("RefuseCannotGoSpacesTheyTake", name))
}

func errOverPrinted(name, under games.Text) error {
	return refusal(msgs.Text("RefuseCannotGoOverOnlyUpgrades", name, under))
}

func errExcluded(name, other games.Text) error {
	return refusal(msgs.Text("RefuseNeverStandsOneCityWith", name, other))
}

func errBagHolds(c int) error {
	return refusal(msgs.Text("RefuseBagHoldsNo", colourName[c]))
}

func errNoWorker(where string) error {
	return refusal(msgs.Text("RefuseHaveNoWorkerSwap", swapPlaces[where]))
}

func errReleaseCount(n int) error {
	t := survivors(n)
	return refusal(msgs.Text("RefuseReturnExactlyHave", t))
}

func errNotYourTile(id string, yours []string) error {
	return refusal(msgs.Text("RefuseNotOnePrivateScoringTiles", id, strings.Join(yours, ", ")))
}

func errNoBuilding(sp int) error {
	return refusal(msgs.Text("RefuseThereNoBuilding", spaceName(sp)))
}

func errNoAction(name games.Text, sp, a int) error {
	return refusal(msgs.Text("RefuseNoSuchAction", name, sp+1, 'a'+a))
}

func errUsedUp(name games.Text, uses int) error {
	return refusal(msgs.Text("RefuseActionUsedUpThisRound", name, uses))
}

func errNoEffect(name games.Text, effect games.Text) error {
	return refusal(msgs.Text("RefuseActionWouldDoNothingNow", name, effect))
}

func errPayment(free Crowd, ways []string) error {
	if len(ways) == 0 {
		return refusal(msgs.Text("RefuseCityCannotPay", crowdText(free)))
	}
	return refusal(msgs.Text("RefuseCityPaysOtherwise", crowdText(free), codeList(ways)))
}

// describeMove builds the games.Move of a legal move with its label.
func (g *Game) describeMove(seat int, m move) games.Move {
	s, cs := g.s, g.cs
	mv := games.Move{Notation: m.notation(), Group: m.Verb, Primary: true, Role: m.role(), Payload: m}
	switch m.Verb {
	case verbBid:
		// Bids are listed by the hundred: built without fmt.
		c := crowdText(m.Crowd)
		mv.Label = msgs.Text("BidLabel", areaNames[m.Area], c)
		hidden := m.Crowd.Total() > 0 && !s.Open
		mv.Private, mv.Primary = hidden, !hidden
		if t := s.Areas[m.Area].Tile; t != none {
			mv.Piece = cs.BidTiles[t].ID
		}
	case verbTake:
		switch {
		case m.Slot == none:
			mv.Label = msgs.Text("TakeLabel", cs.Equipment[cs.equipment[m.Kind]].Name)
			mv.Private, mv.Piece = true, m.Kind
		case s.Phase == phaseExplore:
			d := s.Display[m.Slot]
			mv.Label = msgs.Text("DisplayOffer", m.Slot+1, cs.kindOf(d.Card).Name, crowdText(d.Survivors))
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
		mv.Label = msgs.Text("KeepLabel", cs.Equipment[cs.equipment[m.Kind]].Name)
		mv.Private, mv.Piece = true, m.Kind
	case verbSwap:
		mv.Label = msgs.Text("SwapWorkerLabel", swapPlaces[m.Where], colourName[m.Colour])
		mv.Private = m.Where == swapScreen && !s.Open
	case verbRelease:
		mv.Label = msgs.Text("ReturnLabel", crowdText(m.Crowd))
		mv.Private, mv.Primary = !s.Open, false
	case verbScore:
		mv.Label = msgs.Text("ScoreLabel", m.Kind, cs.scoringText(cs.ScoringTiles[g.scoringIndex(m.Kind)]))
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
		mv.Label = msgs.Text("DoneInCityLabel")
	}
	mv.Label = mv.Label.Map(func(_ games.Lang, s string) string { return clip(s) })
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
	return costWords(cost, msgs.Text("AnyShort"), msgs.Text("SoldierEngineerShort"), "+")
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
		return msgs.Text("ShelterPerBuilding", p.Amount, typeBuildings[p.Type])
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
			t = games.Join(slices.Concat([]games.Text{h}, parts, tail), " · ")
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
