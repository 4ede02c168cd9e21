package armageddon

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/intern"
	"github.com/playbychat/pbc/games/internal/strictjson"
)

//go:embed data/content.json
var contentJSON []byte

//go:embed data/topics.json
var topicsJSON []byte

// The survivor colours, in the order of every Crowd.
const (
	red    = iota // plunderer
	green         // worker
	blue          // soldier
	yellow        // engineer
	purple        // leader, wild
	colours
)

// colourLetters are the colours as written in notations and data files.
const colourLetters = "rgbyp"

// Building types.
const (
	typeHQ       = "hq"
	typeCivil    = "civil"
	typeMilitary = "military"
	typeScience  = "science"
)

var buildingTypes = []string{typeHQ, typeCivil, typeMilitary, typeScience}

// Printed buildings of every city board.
const (
	printedHQ         = "hq"
	printedWatchtower = "watchtower"
	printedExtension  = "extension"
)

// Effect kinds. Which kinds a place accepts is checked on load.
const (
	effVP          = "vp"           // amount VP (negative: loss)
	effPlunderer   = "plunderer"    // plunderer marker amount fields right
	effRepel       = "repel"        // plunderer marker amount left, +1 VP per field moved
	effFight       = "fight"        // like repel, with the churches' VP
	effRetreat     = "retreat"      // plunderer marker amount left, no VP
	effDamage      = "damage"       // damage marker amount fields right
	effRepair      = "repair"       // damage marker amount left, then vp VP
	effDraw        = "draw"         // draw amount equipment cards
	effDrawKeep    = "draw_keep"    // draw amount, keep keep, the rest under the deck
	effSearch      = "search"       // box one own card, take any card of the deck
	effDiscard     = "discard"      // box one own card of the player's choice
	effHouse       = "house"        // amount shelter until the next round
	effSwap        = "swap"         // a worker for a soldier or engineer of the bag
	effTrain       = "train"        // one paying worker to the bag, a soldier or engineer from it
	effRecruit     = "recruit"      // draw a survivor: soldier/engineer/leader stays, else amount VP
	effVPPerType   = "vp_per_type"  // amount VP per own visible building of type
	effLeaderAside = "leader_aside" // the damage track's leader field
)

// Passive kinds of buildings.
const (
	passWorkersWild    = "workers_wild"      // workers count as engineers and soldiers
	passUnusedShelter  = "unused_shelter_vp" // amount VP per unused shelter at round end
	passFightVP        = "fight_vp"          // fight actions pay amount per plunderer (the first `first` only)
	passTowerSite      = "tower_site"        // a Watchtower upgrade may be built on it
	passShelterPerType = "shelter_per_type"  // amount shelter per own building of type
)

// Cost requirements of a building action: one survivor each.
const (
	costAny            = "any"
	costSoldierOrEngin = "by"
)

// Scoring tile kinds.
const (
	scoreSurvivor  = "survivor"
	scoreBuilding  = "building"
	scoreEquipment = "equipment"
	scoreCards     = "cards"
	// vehicleKind in a scoring tile's equipment field means every vehicle part.
	vehicleKind = "vehicle"
)

// Equipment scoring kinds.
const (
	scoreTable    = "table"
	scoreSets     = "sets"
	scoreMajority = "majority"
	scoreVehicle  = "vehicle"
)

// The component counts of the box, checked on load.
const (
	wantBuildingsPerLevel = 14
	wantBidTiles          = 7
	wantBuildingTiles     = 32
	wantScoringTiles      = 10
	wantEquipment         = 60
	wantSurvivors         = 89
	citySpaces            = 8
)

// Crowd counts survivors by colour: red, green, blue, yellow, purple.
type Crowd [colours]int

// Total is the number of survivors.
func (c Crowd) Total() int {
	n := 0
	for _, v := range c {
		n += v
	}
	return n
}

// Add returns c plus d.
func (c Crowd) Add(d Crowd) Crowd {
	for i := range c {
		c[i] += d[i]
	}
	return c
}

// Sub returns c minus d.
func (c Crowd) Sub(d Crowd) Crowd {
	for i := range c {
		c[i] -= d[i]
	}
	return c
}

// Covers reports whether c holds at least d of every colour.
func (c Crowd) Covers(d Crowd) bool {
	for i := range c {
		if c[i] < d[i] {
			return false
		}
	}
	return true
}

// String writes the crowd as in notations: "g2,b1"; "0" for nobody.
func (c Crowd) String() string {
	b := make([]byte, 0, 16)
	for i, n := range c {
		if n > 0 {
			if len(b) > 0 {
				b = append(b, ',')
			}
			b = append(b, colourLetters[i])
			b = strconv.AppendInt(b, int64(n), 10)
		}
	}
	if len(b) == 0 {
		return "0"
	}
	return string(b)
}

// MarshalJSON writes a crowd as {"g": 5, "p": 1}.
func (c Crowd) MarshalJSON() ([]byte, error) {
	m := map[string]int{}
	for i, n := range c {
		if n != 0 {
			m[string(colourLetters[i])] = n
		}
	}
	return json.Marshal(m)
}

// UnmarshalJSON reads a crowd written as {"g": 5, "p": 1}.
func (c *Crowd) UnmarshalJSON(data []byte) error {
	var m map[string]int
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	*c = Crowd{}
	for k, n := range m {
		i := strings.Index(colourLetters, k)
		if len(k) != 1 || i < 0 {
			return fmt.Errorf("unknown survivor colour %q (use r, g, b, y, p)", k)
		}
		c[i] = n
	}
	return nil
}

// Effect is one effect of a tile, a track field or a building action.
type Effect struct {
	Kind   string `json:"kind"`
	Amount int    `json:"amount,omitempty"`
	// VP are the victory points a repair adds.
	VP int `json:"vp,omitempty"`
	// Type is the building type of vp_per_type.
	Type string `json:"type,omitempty"`
	// Keep is how many of the drawn cards draw_keep keeps.
	Keep int `json:"keep,omitempty"`
	// Capped marks the tiles' "nothing happens at the end of the track":
	// without it, a plunderer or damage step past the last field costs 1 VP.
	Capped bool `json:"capped,omitempty"`
}

// Action is a building's special action.
type Action struct {
	// Uses is how often per round it may be activated.
	Uses int `json:"uses"`
	// Cost lists one requirement per survivor: a colour letter, "by"
	// (soldier or engineer) or "any".
	Cost   []string `json:"cost"`
	Effect Effect   `json:"effect"`
}

// Passive is a building's lasting ability.
type Passive struct {
	Kind   string `json:"kind"`
	Amount int    `json:"amount,omitempty"`
	// First limits fight_vp's amount to the first plunderers fought per
	// round; the rest pay the usual 1 VP. 0: every plunderer.
	First int    `json:"first,omitempty"`
	Type  string `json:"type,omitempty"`
}

// Building is a building card or a building printed on the city board.
type Building struct {
	ID string `json:"id"`
	// Printed is "hq", "watchtower" or "extension" for the city board's
	// own buildings; empty for cards.
	Printed string `json:"printed,omitempty"`
	// Level is 1 or 2 for cards, 0 for printed buildings.
	Level   int        `json:"level,omitempty"`
	Name    games.Text `json:"name"`
	Type    string     `json:"type"`
	Shelter int        `json:"shelter"`
	// Star is the VP the building gives at the end of every round.
	Star int `json:"star,omitempty"`
	// Upgrade is "hq" or "watchtower" for the upgrades of the printed
	// buildings: they may be built only over them.
	Upgrade  string    `json:"upgrade,omitempty"`
	Actions  []Action  `json:"actions,omitempty"`
	Passives []Passive `json:"passives,omitempty"`
	// Excludes lists buildings that may never stand in the same city.
	Excludes []string `json:"excludes,omitempty"`
}

// passive returns the building's passive of kind, if any.
func (b *Building) passive(kind string) (Passive, bool) {
	for _, p := range b.Passives {
		if p.Kind == kind {
			return p, true
		}
	}
	return Passive{}, false
}

// EquipmentScoring says how a kind of equipment scores at the end.
type EquipmentScoring struct {
	Kind string `json:"kind"`
	// Table: VP for 1, 2, ... cards (table), for the first, second most
	// (majority).
	Table []int `json:"table,omitempty"`
	// Size and Amount: VP per complete set (sets).
	Size   int `json:"size,omitempty"`
	Amount int `json:"amount,omitempty"`
	// Vehicle is the vehicle a part belongs to (vehicle).
	Vehicle string `json:"vehicle,omitempty"`
}

// EquipmentKind is one kind of equipment card and its number of copies.
type EquipmentKind struct {
	ID      string           `json:"id"`
	Name    games.Text       `json:"name"`
	Count   int              `json:"count"`
	Scoring EquipmentScoring `json:"scoring"`
}

// Vehicle is a vehicle type whose different parts score together.
type Vehicle struct {
	ID   string     `json:"id"`
	Name games.Text `json:"name"`
	// Table is the VP of a set of 1, 2, ... different parts.
	Table []int `json:"table"`
}

// BidTile is a bid area's bonus (highest bid) and malus (lowest bid).
type BidTile struct {
	ID    string `json:"id"`
	Bonus Effect `json:"bonus"`
	Malus Effect `json:"malus"`
}

// BuildingTile is a kind of building tile and its number of copies.
type BuildingTile struct {
	ID     string `json:"id"`
	Count  int    `json:"count"`
	Effect Effect `json:"effect"`
}

// ScoringTile pays Amount VP per survivor of Colour, per visible building
// of Type, per equipment card of Equipment ("vehicle": every part), or
// per equipment card (cards).
type ScoringTile struct {
	ID        string `json:"id"`
	Kind      string `json:"kind"`
	Colour    string `json:"colour,omitempty"`
	Type      string `json:"type,omitempty"`
	Equipment string `json:"equipment,omitempty"`
	Amount    int    `json:"amount"`
}

// Board holds the numbers printed on the game board and city boards.
type Board struct {
	Rounds int `json:"rounds"`
	// Advance is how far every plunderer marker moves at the start of
	// each round.
	Advance []int `json:"advance"`
	// IntermediateAfter is the round after which the intermediate
	// scoring takes place.
	IntermediateAfter int `json:"intermediate_after"`
	// Levels is the building card level revealed in each round.
	Levels          []int `json:"levels"`
	PlundererFields int   `json:"plunderer_fields"`
	DamageStart     int   `json:"damage_start"`
	// DamageTrack lists the effects of each field of the damage track.
	DamageTrack [][]Effect `json:"damage_track"`
	ScoreStart  int        `json:"score_start"`
	ScoreLap    int        `json:"score_lap"`
	// DisplaySurvivors is, by table size, how many survivors go on each
	// equipment card of the display.
	DisplaySurvivors map[string][]int `json:"display_survivors"`
	// FirstRoundRedLimit is the most plunderers per display card in
	// round 1 (further reds are redrawn).
	FirstRoundRedLimit int   `json:"first_round_red_limit"`
	Survivors          Crowd `json:"survivors"`
	StartReserve       Crowd `json:"start_reserve"`
	PrivateTiles       int   `json:"private_tiles"`
	ShelterLossVP      int   `json:"shelter_loss_vp"`
}

// CardSet is the whole content of a game: board numbers, buildings,
// equipment and tiles. The built-in set is original (the manual prints no
// card data); a group may load their own with LoadCardSet and UseCardSet.
type CardSet struct {
	Board         Board           `json:"board"`
	Equipment     []EquipmentKind `json:"equipment"`
	Vehicles      []Vehicle       `json:"vehicles"`
	Buildings     []Building      `json:"buildings"`
	BidTiles      []BidTile       `json:"bid_tiles"`
	BuildingTiles []BuildingTile  `json:"building_tiles"`
	ScoringTiles  []ScoringTile   `json:"scoring_tiles"`

	// fingerprint is the SHA-256 of the set's canonical encoding; a saved
	// state names its set by it.
	fingerprint string
	building    map[string]int // building id -> index
	equipment   map[string]int // equipment kind id -> index
	printed     map[string]int // printed kind -> building index
	cardKinds   []int          // equipment kind index of each card id
	tileKinds   []int          // building tile kind index of each tile id
}

// ErrData marks card data that fails validation.
var ErrData = errors.New("armageddon data")

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrData, fmt.Sprintf(format, args...))
}

// LoadCardSet reads and validates a card set written as data/FORMAT.md
// describes and keeps it in the registry of sets, so that a state naming
// it restores. Every error names the entry and field at fault. Equal data
// (loaded again, or encoded alike) shares one set.
func LoadCardSet(data []byte) (*CardSet, error) {
	return loadedData.Load(data, loadCardSet)
}

func loadCardSet(data []byte) (*CardSet, error) {
	var cs CardSet
	if err := strictjson.Unmarshal(data, &cs); err != nil {
		return nil, invalid("%v", err)
	}
	if err := cs.validate(); err != nil {
		return nil, err
	}
	canon, err := json.Marshal(&cs)
	if err != nil {
		return nil, fmt.Errorf("armageddon: encode card set: %w", err)
	}
	cs.fingerprint = fingerprint(canon)
	return sets.Keep(cs.fingerprint, &cs), nil
}

func fingerprint(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

func (cs *CardSet) validate() error {
	if err := cs.validateBoard(); err != nil {
		return err
	}
	if err := cs.validateEquipment(); err != nil {
		return err
	}
	if err := cs.validateBuildings(); err != nil {
		return err
	}
	return cs.validateTiles()
}

func (cs *CardSet) validateBoard() error {
	b := cs.Board
	if b.Rounds < 2 || b.Rounds > 12 {
		return invalid("board.rounds: %d, want 2-12", b.Rounds)
	}
	if len(b.Advance) != b.Rounds || len(b.Levels) != b.Rounds {
		return invalid("board.advance and board.levels need one entry per round (%d)", b.Rounds)
	}
	for i, a := range b.Advance {
		if a < 0 || a > 5 {
			return invalid("board.advance[%d]: %d, want 0-5", i, a)
		}
		if l := b.Levels[i]; l != 1 && l != 2 {
			return invalid("board.levels[%d]: %d, want 1 or 2", i, l)
		}
	}
	if b.IntermediateAfter < 1 || b.IntermediateAfter >= b.Rounds {
		return invalid("board.intermediate_after: %d, want a round before the last", b.IntermediateAfter)
	}
	if b.PlundererFields < 3 || b.PlundererFields > 20 {
		return invalid("board.plunderer_fields: %d, want 3-20", b.PlundererFields)
	}
	if len(b.DamageTrack) < 3 || len(b.DamageTrack) > 20 {
		return invalid("board.damage_track: %d fields, want 3-20", len(b.DamageTrack))
	}
	if b.DamageStart < 1 || b.DamageStart > len(b.DamageTrack) {
		return invalid("board.damage_start: %d, want a field of the damage track", b.DamageStart)
	}
	for i, field := range b.DamageTrack {
		for _, e := range field {
			if err := checkEffect(fmt.Sprintf("board.damage_track[%d]", i), e, effVP, effPlunderer, effLeaderAside); err != nil {
				return err
			}
		}
	}
	if b.ScoreStart < 0 || b.ScoreLap < 10 || b.ScoreStart >= b.ScoreLap {
		return invalid("board.score_start %d and score_lap %d: want 0 <= start < lap, lap >= 10", b.ScoreStart, b.ScoreLap)
	}
	for _, seats := range []string{"3", "4"} {
		slots := b.DisplaySurvivors[seats]
		if len(slots) != int(seats[0]-'0') {
			return invalid("board.display_survivors[%q]: want one number per player (%s)", seats, seats)
		}
		for _, n := range slots {
			if n < 0 || n > 8 {
				return invalid("board.display_survivors[%q]: %d survivors on a card, want 0-8", seats, n)
			}
		}
	}
	if len(b.DisplaySurvivors) != 2 {
		return invalid("board.display_survivors: want exactly the keys \"3\" and \"4\"")
	}
	if b.FirstRoundRedLimit < 0 {
		return invalid("board.first_round_red_limit: %d, want 0 or more", b.FirstRoundRedLimit)
	}
	if b.Survivors.Total() != wantSurvivors || b.Survivors[red] <= 0 || b.Survivors[purple] < 4 {
		return invalid("board.survivors: %d survivors with %d red and %d purple, want %d with reds and 4 leaders",
			b.Survivors.Total(), b.Survivors[red], b.Survivors[purple], wantSurvivors)
	}
	if b.StartReserve[red] != 0 || b.StartReserve.Total() == 0 || b.StartReserve[purple] > 1 {
		return invalid("board.start_reserve: %s, want survivors without reds and at most 1 leader", b.StartReserve)
	}
	for i, n := range b.Survivors {
		if n < 0 || b.StartReserve[i] < 0 || 4*b.StartReserve[i] > n {
			return invalid("board.start_reserve: not enough %c survivors for 4 players", colourLetters[i])
		}
	}
	if b.PrivateTiles != 2 {
		return invalid("board.private_tiles: %d, want 2", b.PrivateTiles)
	}
	if b.ShelterLossVP < 0 || b.ShelterLossVP > 10 {
		return invalid("board.shelter_loss_vp: %d, want 0-10", b.ShelterLossVP)
	}
	return nil
}

func (cs *CardSet) validateEquipment() error {
	cs.equipment = map[string]int{}
	vehicles := map[string]bool{}
	for i, v := range cs.Vehicles {
		where := fmt.Sprintf("vehicles[%d] %q", i, v.ID)
		if err := checkID(where, v.ID); err != nil {
			return err
		}
		if vehicles[v.ID] {
			return invalid("%s: id used twice", where)
		}
		vehicles[v.ID] = true
		if err := checkText(where+".name", v.Name); err != nil {
			return err
		}
		if err := checkTable(where+".table", v.Table); err != nil {
			return err
		}
	}
	total := 0
	parts := map[string]int{}
	for i, e := range cs.Equipment {
		where := fmt.Sprintf("equipment[%d] %q", i, e.ID)
		if err := checkID(where, e.ID); err != nil {
			return err
		}
		if _, dup := cs.equipment[e.ID]; dup || e.ID == vehicleKind {
			return invalid("%s: id used twice or reserved", where)
		}
		cs.equipment[e.ID] = i
		if err := checkText(where+".name", e.Name); err != nil {
			return err
		}
		if e.Count < 1 || e.Count > 20 {
			return invalid("%s.count: %d, want 1-20", where, e.Count)
		}
		total += e.Count
		sc := e.Scoring
		switch sc.Kind {
		case scoreTable:
			if err := checkTable(where+".scoring.table", sc.Table); err != nil {
				return err
			}
		case scoreSets:
			if sc.Size < 1 || sc.Size > 6 || sc.Amount < 1 {
				return invalid("%s.scoring: sets need size 1-6 and amount >= 1", where)
			}
		case scoreMajority:
			if len(sc.Table) < 1 || len(sc.Table) > 3 {
				return invalid("%s.scoring.table: %d places, want 1-3", where, len(sc.Table))
			}
		case scoreVehicle:
			if !vehicles[sc.Vehicle] {
				return invalid("%s.scoring.vehicle: %q is not among the vehicles", where, sc.Vehicle)
			}
			parts[sc.Vehicle]++
		default:
			return invalid("%s.scoring.kind: %q, want table, sets, majority or vehicle", where, sc.Kind)
		}
	}
	for _, v := range cs.Vehicles {
		if parts[v.ID] == 0 || len(v.Table) < parts[v.ID] {
			return invalid("vehicles %q: %d parts need a table of at least that many entries (has %d)", v.ID, parts[v.ID], len(v.Table))
		}
	}
	if total != wantEquipment {
		return invalid("equipment: %d cards, want %d", total, wantEquipment)
	}
	cs.cardKinds = copies(cs.Equipment, func(e EquipmentKind) int { return e.Count })
	return nil
}

func (cs *CardSet) validateBuildings() error {
	cs.building = map[string]int{}
	cs.printed = map[string]int{}
	levels := map[int]int{}
	upgrades := map[string]int{}
	for i := range cs.Buildings {
		b := &cs.Buildings[i]
		where := fmt.Sprintf("buildings[%d] %q", i, b.ID)
		if err := checkID(where, b.ID); err != nil {
			return err
		}
		if _, dup := cs.building[b.ID]; dup {
			return invalid("%s: id used twice", where)
		}
		cs.building[b.ID] = i
		if err := checkText(where+".name", b.Name); err != nil {
			return err
		}
		if !slices.Contains(buildingTypes, b.Type) {
			return invalid("%s.type: %q, want one of %s", where, b.Type, strings.Join(buildingTypes, ", "))
		}
		if b.Shelter < 0 || b.Shelter > 10 || b.Star < 0 || b.Star > 20 {
			return invalid("%s: shelter %d (want 0-10), star %d (want 0-20)", where, b.Shelter, b.Star)
		}
		switch b.Printed {
		case "":
			if b.Level != 1 && b.Level != 2 {
				return invalid("%s.level: %d, want 1 or 2", where, b.Level)
			}
			levels[b.Level]++
		case printedHQ, printedWatchtower, printedExtension:
			if b.Level != 0 || b.Upgrade != "" {
				return invalid("%s: a printed building has no level and is no upgrade", where)
			}
			if _, dup := cs.printed[b.Printed]; dup {
				return invalid("%s.printed: a second %q", where, b.Printed)
			}
			cs.printed[b.Printed] = i
		default:
			return invalid("%s.printed: %q, want hq, watchtower or extension", where, b.Printed)
		}
		switch b.Upgrade {
		case "":
		case printedHQ, printedWatchtower:
			upgrades[b.Upgrade]++
		default:
			return invalid("%s.upgrade: %q, want hq or watchtower", where, b.Upgrade)
		}
		if (b.Type == typeHQ) != (b.Printed == printedHQ || b.Upgrade == printedHQ) {
			return invalid("%s.type: only the Headquarters and its upgrades are of type hq", where)
		}
		if len(b.Actions) > 2 {
			return invalid("%s.actions: %d, want at most 2", where, len(b.Actions))
		}
		for j, a := range b.Actions {
			aw := fmt.Sprintf("%s.actions[%d]", where, j)
			if a.Uses < 1 || a.Uses > 4 {
				return invalid("%s.uses: %d, want 1-4", aw, a.Uses)
			}
			if len(a.Cost) < 1 || len(a.Cost) > 3 {
				return invalid("%s.cost: %d survivors, want 1-3", aw, len(a.Cost))
			}
			for _, c := range a.Cost {
				if c != costAny && c != costSoldierOrEngin && (len(c) != 1 || !strings.Contains("gby", c)) {
					return invalid("%s.cost: %q, want g, b, y, by or any", aw, c)
				}
			}
			if err := checkEffect(aw+".effect", a.Effect, effVP, effFight, effRetreat, effRepair, effDraw, effDrawKeep,
				effSearch, effTrain, effRecruit, effVPPerType); err != nil {
				return err
			}
			if a.Effect.Kind == effTrain && (len(a.Cost) != 2 || a.Cost[0] != "g" || a.Cost[1] != "g") {
				return invalid("%s: train costs exactly two workers (g, g)", aw)
			}
		}
		for j, p := range b.Passives {
			pw := fmt.Sprintf("%s.passives[%d]", where, j)
			switch p.Kind {
			case passWorkersWild, passTowerSite:
			case passUnusedShelter:
				if p.Amount < 1 || p.Amount > 5 {
					return invalid("%s.amount: %d, want 1-5", pw, p.Amount)
				}
			case passFightVP:
				if p.Amount < 0 || p.Amount > 5 || p.First < 0 {
					return invalid("%s: amount %d (want 0-5), first %d (want 0 or more)", pw, p.Amount, p.First)
				}
			case passShelterPerType:
				if p.Amount < 1 || p.Amount > 3 || !slices.Contains(buildingTypes, p.Type) {
					return invalid("%s: shelter_per_type needs a building type and amount 1-3", pw)
				}
			default:
				return invalid("%s.kind: %q, want workers_wild, unused_shelter_vp, fight_vp, tower_site or shelter_per_type", pw, p.Kind)
			}
		}
	}
	for i := range cs.Buildings {
		b := &cs.Buildings[i]
		for _, x := range b.Excludes {
			j, ok := cs.building[x]
			if !ok || j == i || cs.Buildings[j].Printed != "" {
				return invalid("buildings %q.excludes: %q is not another building card", b.ID, x)
			}
			if !slices.Contains(cs.Buildings[j].Excludes, b.ID) {
				return invalid("buildings %q.excludes %q, but %q does not exclude %q: exclusions go both ways", b.ID, x, x, b.ID)
			}
		}
	}
	for _, p := range []string{printedHQ, printedWatchtower, printedExtension} {
		if _, ok := cs.printed[p]; !ok {
			return invalid("buildings: the printed %q is missing", p)
		}
	}
	if levels[1] != wantBuildingsPerLevel || levels[2] != wantBuildingsPerLevel {
		return invalid("buildings: %d level 1 and %d level 2 cards, want %d of each", levels[1], levels[2], wantBuildingsPerLevel)
	}
	if upgrades[printedHQ] == 0 || upgrades[printedWatchtower] == 0 {
		return invalid("buildings: want at least one upgrade of the hq and of the watchtower")
	}
	return nil
}

func (cs *CardSet) validateTiles() error {
	// Tile ids share one name space with buildings and equipment: the
	// catalog looks every piece up by its id.
	ids := map[string]bool{}
	for id := range cs.building {
		ids[id] = true
	}
	for id := range cs.equipment {
		ids[id] = true
	}
	newID := func(where, id string) error {
		if err := checkID(where, id); err != nil {
			return err
		}
		if ids[id] {
			return invalid("%s: id %q used twice", where, id)
		}
		ids[id] = true
		return nil
	}
	tileEffects := []string{effVP, effPlunderer, effRepel, effDamage, effRepair, effDraw, effDiscard, effHouse, effSwap}
	if len(cs.BidTiles) != wantBidTiles {
		return invalid("bid_tiles: %d, want %d", len(cs.BidTiles), wantBidTiles)
	}
	for i, t := range cs.BidTiles {
		where := fmt.Sprintf("bid_tiles[%d] %q", i, t.ID)
		if err := newID(where, t.ID); err != nil {
			return err
		}
		if err := checkEffect(where+".bonus", t.Bonus, tileEffects...); err != nil {
			return err
		}
		if err := checkEffect(where+".malus", t.Malus, tileEffects...); err != nil {
			return err
		}
	}
	total := 0
	for i, t := range cs.BuildingTiles {
		where := fmt.Sprintf("building_tiles[%d] %q", i, t.ID)
		if err := newID(where, t.ID); err != nil {
			return err
		}
		if t.Count < 1 || t.Count > wantBuildingTiles {
			return invalid("%s.count: %d, want 1-%d", where, t.Count, wantBuildingTiles)
		}
		total += t.Count
		if err := checkEffect(where+".effect", t.Effect, tileEffects...); err != nil {
			return err
		}
	}
	if total != wantBuildingTiles {
		return invalid("building_tiles: %d tiles, want %d", total, wantBuildingTiles)
	}
	cs.tileKinds = copies(cs.BuildingTiles, func(t BuildingTile) int { return t.Count })
	if len(cs.ScoringTiles) != wantScoringTiles {
		return invalid("scoring_tiles: %d, want %d", len(cs.ScoringTiles), wantScoringTiles)
	}
	for i, t := range cs.ScoringTiles {
		where := fmt.Sprintf("scoring_tiles[%d] %q", i, t.ID)
		if err := newID(where, t.ID); err != nil {
			return err
		}
		if t.Amount < 1 || t.Amount > 20 {
			return invalid("%s.amount: %d, want 1-20", where, t.Amount)
		}
		ok := false
		switch t.Kind {
		case scoreSurvivor:
			ok = len(t.Colour) == 1 && strings.Contains("gbyp", t.Colour)
		case scoreBuilding:
			ok = slices.Contains(buildingTypes, t.Type)
		case scoreEquipment:
			_, known := cs.equipment[t.Equipment]
			ok = known || t.Equipment == vehicleKind
		case scoreCards:
			ok = true
		}
		if !ok {
			return invalid("%s: kind %q needs survivor+colour (g, b, y, p), building+type, equipment+an equipment id or \"vehicle\", or cards", where, t.Kind)
		}
	}
	return nil
}

// copies lists the kind index of every copy of kinds, in order: the
// physical pieces' ids map to their kinds.
func copies[T any](kinds []T, count func(T) int) []int {
	var out []int
	for i, k := range kinds {
		for range count(k) {
			out = append(out, i)
		}
	}
	return out
}

// checkEffect validates an effect and that its kind is one of allowed.
func checkEffect(where string, e Effect, allowed ...string) error {
	if !slices.Contains(allowed, e.Kind) {
		return invalid("%s.kind: %q, want one of %s", where, e.Kind, strings.Join(allowed, ", "))
	}
	switch e.Kind {
	case effVP:
		if e.Amount == 0 || e.Amount < -10 || e.Amount > 20 {
			return invalid("%s.amount: %d, want -10..20 and not 0", where, e.Amount)
		}
	case effPlunderer, effRepel, effFight, effRetreat, effDamage, effDraw, effHouse, effDiscard:
		if e.Amount < 1 || e.Amount > 5 {
			return invalid("%s.amount: %d, want 1-5", where, e.Amount)
		}
	case effRepair:
		if e.Amount < 1 || e.Amount > 5 || e.VP < 0 || e.VP > 5 {
			return invalid("%s: amount %d (want 1-5), vp %d (want 0-5)", where, e.Amount, e.VP)
		}
	case effDrawKeep:
		if e.Amount < 2 || e.Amount > 5 || e.Keep < 1 || e.Keep >= e.Amount {
			return invalid("%s: draw %d (want 2-5) and keep %d (want 1 to fewer than drawn)", where, e.Amount, e.Keep)
		}
	case effRecruit:
		if e.Amount < 0 || e.Amount > 5 {
			return invalid("%s.amount: %d VP for a worker or plunderer, want 0-5", where, e.Amount)
		}
	case effVPPerType:
		if e.Amount < 1 || e.Amount > 5 || !slices.Contains(buildingTypes, e.Type) {
			return invalid("%s: vp_per_type needs a building type and amount 1-5", where)
		}
	}
	if e.Capped && e.Kind != effPlunderer && e.Kind != effDamage {
		return invalid("%s.capped: only plunderer and damage effects can be capped", where)
	}
	return nil
}

func checkID(where, id string) error {
	if id == "" || len(id) > 20 || strings.Trim(id, "abcdefghijklmnopqrstuvwxyz0123456789_") != "" || id[0] < 'a' || id[0] > 'z' {
		return invalid("%s: id must be 1-20 characters a-z, 0-9, _ starting with a letter", where)
	}
	return nil
}

func checkText(where string, t games.Text) error {
	if strings.TrimSpace(t.EN) == "" || strings.TrimSpace(t.DE) == "" || len(t.EN) > 40 || len(t.DE) > 40 {
		return invalid("%s: needs en and de of 1-40 characters", where)
	}
	return nil
}

func checkTable(where string, table []int) error {
	if len(table) < 1 || len(table) > 10 {
		return invalid("%s: %d entries, want 1-10", where, len(table))
	}
	for i, v := range table {
		if v < 0 || (i > 0 && v < table[i-1]) {
			return invalid("%s: entries must be 0 or more and never fall", where)
		}
	}
	return nil
}

// LoadTopics reads the rules help.
func LoadTopics(data []byte) ([]games.Topic, error) {
	var topics []games.Topic
	if err := strictjson.Unmarshal(data, &topics); err != nil {
		return nil, invalid("topics: %v", err)
	}
	keys := map[string]bool{}
	for i, t := range topics {
		if t.Key == "" || keys[t.Key] {
			return nil, invalid("topics[%d]: key %q empty or used twice", i, t.Key)
		}
		keys[t.Key] = true
		if t.Title.EN == "" || t.Title.DE == "" || t.Body.EN == "" || t.Body.DE == "" {
			return nil, invalid("topics %q: title and body need en and de", t.Key)
		}
		if len([]rune(t.Body.EN)) > 1800 || len([]rune(t.Body.DE)) > 1800 {
			return nil, invalid("topics %q: body longer than 1800 characters", t.Key)
		}
	}
	return topics, nil
}

var (
	// sets holds the card sets loaded in this process, by fingerprint,
	// and the one new games use.
	sets = intern.NewSets[*CardSet]("armageddon: card set")
	// loadedData keeps the sets by the data they were read from, so that
	// the same data is validated once.
	loadedData intern.Loaded[*CardSet]
)

// UseCardSet makes cs the set new games are created with. Games already
// running keep the set they were created with; Restore finds it by its
// fingerprint as long as it was loaded in this process.
func UseCardSet(cs *CardSet) { sets.Use(cs.fingerprint, cs) }

// DefaultCardSet returns the built-in card set.
func DefaultCardSet() *CardSet {
	cs, err := LoadCardSet(contentJSON)
	if err != nil {
		panic(fmt.Sprintf("armageddon: embedded content: %v", err))
	}
	return cs
}

// Fingerprint identifies the set's data (a SHA-256 of its canonical
// encoding).
func (cs *CardSet) Fingerprint() string { return cs.fingerprint }

// kindOf returns the kind of equipment card id.
func (cs *CardSet) kindOf(card int) *EquipmentKind { return &cs.Equipment[cs.cardKinds[card]] }

// tileOf returns the kind of building tile id.
func (cs *CardSet) tileOf(tile int) *BuildingTile { return &cs.BuildingTiles[cs.tileKinds[tile]] }

// printedIndex returns the building index of a printed building.
func (cs *CardSet) printedIndex(kind string) int { return cs.printed[kind] }

// leaderField is the first damage field (1-based) that sets the leader
// aside, or 0 if none does.
func (cs *CardSet) leaderField() int {
	for i, field := range cs.Board.DamageTrack {
		for _, e := range field {
			if e.Kind == effLeaderAside {
				return i + 1
			}
		}
	}
	return 0
}
