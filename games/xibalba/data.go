package xibalba

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/intern"
	"github.com/playbychat/pbc/games/internal/strictjson"
)

// The four decks, in the order used everywhere (views, notation, state).
const (
	DeckSoldier   = "soldier"
	DeckCivilian  = "civilian"
	DeckStructure = "structure"
	DeckEvent     = "event"
)

// deckNames lists the decks in their fixed order.
var deckNames = [4]string{DeckSoldier, DeckCivilian, DeckStructure, DeckEvent}

// deckPrefix is the first letter of every card id of a deck.
var deckPrefix = map[string]string{DeckSoldier: "s", DeckCivilian: "c", DeckStructure: "t", DeckEvent: "e"}

// Effect timings (see data/FORMAT.md).
const (
	TimingEffect    = "effect"
	TimingDice      = "dice"
	TimingAction    = "action"
	TimingPermanent = "permanent"
	TimingImmediate = "immediate"
)

// Effect targets.
const (
	TargetSelf        = "self"
	TargetEachEnemy   = "each_enemy"
	TargetChooseEnemy = "choose_enemy"
)

// Triggers of action-phase effects.
const (
	WhenUse    = "use"
	WhenAttack = "attack"
)

// Common actions whose cost a faction sets.
const (
	ActDiscard          = "discard"
	ActReorganize       = "reorganize"
	ActPharmaceuticals  = "pharmaceuticals"
	ActWeaponTechnology = "weapon_technology"
	ActTacticalAssault  = "tactical_assault"
	ActHarvest          = "harvest"
)

// commonActions lists the faction-priced common actions in a fixed order.
var commonActions = []string{ActDiscard, ActReorganize, ActPharmaceuticals, ActWeaponTechnology, ActTacticalAssault, ActHarvest}

// Card is one card of the set, as written in data/cards.json.
type Card struct {
	ID   string     `json:"id"`
	Deck string     `json:"deck"`
	Name games.Text `json:"name"`
	Cost int        `json:"cost"`
	Text games.Text `json:"text"`
	// Summary is the text said in at most 100 characters per language,
	// for the few cards whose text is too long even when shortened.
	Summary games.Text `json:"summary,omitzero"`
	// Soldier values; zero for other decks.
	Faction    string   `json:"faction,omitempty"`
	Power      int      `json:"power,omitempty"`
	Resistance int      `json:"resistance,omitempty"`
	Paragon    int      `json:"paragon,omitempty"`
	Effects    []Effect `json:"effects"`
}

// Effect is one data-driven card effect. Which fields a kind reads is listed
// in kinds and documented in data/FORMAT.md.
type Effect struct {
	Timing    string `json:"timing"`
	Kind      string `json:"kind"`
	Amount    int    `json:"amount,omitempty"`
	Die       string `json:"die,omitempty"`
	Deck      string `json:"deck,omitempty"`
	Action    string `json:"action,omitempty"`
	Target    string `json:"target,omitempty"`
	When      string `json:"when,omitempty"`
	Condition string `json:"condition,omitempty"`
	Cost      int    `json:"cost,omitempty"`
	Spend     string `json:"spend,omitempty"`
}

// Level is one base upgrade level of a faction.
type Level struct {
	Cost         int `json:"cost"`
	Resistance   int `json:"resistance"`
	Productivity int `json:"productivity"`
	Fields       int `json:"fields"`
}

// Faction is one side of a player board, as written in data/factions.json.
type Faction struct {
	ID      string         `json:"id"`
	Name    games.Text     `json:"name"`
	Board   int            `json:"board"`
	Levels  [4]Level       `json:"levels"`
	Actions map[string]int `json:"actions"`
}

// CardSet is a validated set of cards and factions. A game keeps the
// fingerprint of the set it was created with; see UseCardSet.
type CardSet struct {
	Cards    []Card
	Factions []Faction
	// Fingerprint identifies the set's content (hex SHA-256 of its
	// canonical JSON).
	Fingerprint string

	byID      map[string]*Card
	bySlot    [400]*Card // by slot(id), a faster byID
	factionBy map[string]*Faction
	decks     [4][]string  // card ids per deck in file order
	entries   []games.Card // the Catalog, made once at load
}

// Card returns the card with id, or nil.
func (cs *CardSet) Card(id string) *Card {
	if i := slot(id); i >= 0 {
		return cs.bySlot[i]
	}
	return nil
}

// slot maps a well-formed card id (deck letter and two digits) to 0-399,
// and anything else to -1.
func slot(id string) int {
	if len(id) != 3 || id[1] < '0' || id[1] > '9' || id[2] < '0' || id[2] > '9' {
		return -1
	}
	d := strings.IndexByte("scte", id[0])
	if d < 0 {
		return -1
	}
	return d*100 + int(id[1]-'0')*10 + int(id[2]-'0')
}

// Faction returns the faction with id, or nil.
func (cs *CardSet) Faction(id string) *Faction { return cs.factionBy[id] }

// kindSpec says where an effect kind may appear and which fields it reads.
type kindSpec struct {
	timings map[string]bool
	amount  int // 0: not read; 1: required >= 1; -1: required != 0 (signed)
	die     []string
	deck    []string // allowed deck values; "" in the list allows none
	action  []string
	targets []string // allowed targets besides the default "self"
	conds   []string
	// soldierOnly kinds only make sense on soldier cards.
	soldierOnly bool
}

func timings(ts ...string) map[string]bool {
	m := map[string]bool{}
	for _, t := range ts {
		m[t] = true
	}
	return m
}

var (
	allDecks       = []string{DeckSoldier, DeckCivilian, DeckStructure, DeckEvent}
	enemyTargets   = []string{TargetEachEnemy, TargetChooseEnemy}
	soldierConds   = []string{"ark", "no_ark", "same_faction"}
	phaseTimings   = timings(TimingEffect, TimingDice, TimingAction, TimingImmediate)
	freeActionKind = []string{ActPharmaceuticals, ActWeaponTechnology, ActTacticalAssault, ActHarvest}
)

// kinds is the effect vocabulary. data/FORMAT.md documents every entry.
var kinds = map[string]kindSpec{
	"gain_resources":        {timings: phaseTimings, amount: 1, conds: []string{"ark", "no_ark"}},
	"lose_resources":        {timings: phaseTimings, amount: 1, targets: enemyTargets},
	"gain_paragon":          {timings: phaseTimings, amount: 1, conds: []string{"ark", "no_ark"}},
	"lose_paragon":          {timings: phaseTimings, amount: 1, targets: enemyTargets},
	"roll_paragon":          {timings: phaseTimings, amount: 1, conds: []string{"ark", "no_ark"}},
	"steal_resources":       {timings: timings(TimingEffect, TimingAction, TimingImmediate), amount: 1, targets: enemyTargets},
	"steal_paragon":         {timings: timings(TimingEffect, TimingAction, TimingImmediate), amount: 1, targets: enemyTargets},
	"extra_die":             {timings: timings(TimingDice), amount: 1, die: []string{"resource", "attack"}},
	"remove_die":            {timings: timings(TimingDice), amount: 1, die: []string{"resource", "attack"}},
	"pool_size":             {timings: timings(TimingPermanent), amount: -1},
	"extra_reroll":          {timings: timings(TimingDice, TimingPermanent), amount: -1},
	"roll_die":              {timings: timings(TimingDice, TimingAction, TimingImmediate), amount: 1, die: []string{"resource", "attack", "paragon"}},
	"power_bonus":           {timings: timings(TimingPermanent), amount: -1, conds: soldierConds},
	"resistance_bonus":      {timings: timings(TimingPermanent), amount: -1, conds: soldierConds},
	"attack_bonus":          {timings: timings(TimingPermanent), amount: -1, conds: []string{"vs_ark", "vs_base"}},
	"crit_bonus":            {timings: timings(TimingPermanent), amount: 1},
	"unblockable":           {timings: timings(TimingPermanent), soldierOnly: true},
	"base_resistance_bonus": {timings: timings(TimingPermanent), amount: -1},
	"productivity_bonus":    {timings: timings(TimingPermanent), amount: -1},
	"discount":              {timings: timings(TimingPermanent), amount: 1, deck: append([]string{""}, allDecks...)},
	"action_discount":       {timings: timings(TimingPermanent), amount: 1, action: commonActions},
	"ark_loot_bonus":        {timings: timings(TimingPermanent), amount: 1},
	"loot_bonus":            {timings: timings(TimingPermanent), amount: 1},
	"heal_ark":              {timings: phaseTimings, amount: 1},
	"damage_ark":            {timings: timings(TimingAction, TimingImmediate), amount: 1},
	"destroy_addon":         {timings: timings(TimingAction, TimingImmediate), deck: []string{"", DeckCivilian, DeckStructure}, targets: []string{TargetChooseEnemy}},
	"destroy_soldier":       {timings: timings(TimingAction, TimingImmediate), amount: 1, targets: []string{TargetChooseEnemy}},
	"free_card":             {timings: timings(TimingEffect, TimingAction, TimingImmediate), deck: []string{DeckSoldier, DeckCivilian, DeckStructure}},
	"refresh":               {timings: timings(TimingAction, TimingImmediate), deck: allDecks},
	"free_action":           {timings: timings(TimingEffect, TimingAction, TimingImmediate), action: freeActionKind},
}

// Limits of card and faction values checked by validation.
const (
	maxCardCost      = 12
	maxSoldierPower  = 9
	maxSoldierResist = 12
	maxSoldierPara   = 4
	maxEffectAmount  = 10
	maxActionCost    = 10
	maxTopicChars    = 1800
)

// deckSize is the number of cards each deck must hold.
var deckSize = map[string]int{DeckSoldier: 64, DeckCivilian: 48, DeckStructure: 32, DeckEvent: 32}

// upgradeCostRange is the manual's allowed upgrade cost per level (index 1-3
// for levels 2-4; level 1 costs nothing).
var upgradeCostRange = [4][2]int{{0, 0}, {3, 4}, {5, 6}, {7, 8}}

// ErrInvalidData is wrapped by every validation error of LoadCardSet and
// LoadTopics.
var ErrInvalidData = errors.New("invalid XIBALBA data")

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalidData, fmt.Sprintf(format, args...))
}

var (
	factionIDPattern = regexp.MustCompile(`^[a-z][a-z0-9_]{1,19}$`)
	cardIDPattern    = regexp.MustCompile(`^[scte][0-9]{2}$`)
	topicKeyPattern  = regexp.MustCompile(`^[a-z][a-z0-9-]{0,30}$`)
)

type cardsFile struct {
	Cards []Card `json:"cards"`
}

type factionsFile struct {
	Factions []Faction `json:"factions"`
}

// LoadCardSet parses and validates data/cards.json and data/factions.json
// content. Errors wrap ErrInvalidData and name the card or faction and field
// at fault. The set is remembered for the life of the process under its
// fingerprint, so games created with it can be restored.
func LoadCardSet(cards, factions []byte) (*CardSet, error) {
	var ff factionsFile
	if err := strictjson.Unmarshal(factions, &ff); err != nil {
		return nil, fmt.Errorf("%w: factions.json: %w", ErrInvalidData, err)
	}
	var cf cardsFile
	if err := strictjson.Unmarshal(cards, &cf); err != nil {
		return nil, fmt.Errorf("%w: cards.json: %w", ErrInvalidData, err)
	}
	cs := &CardSet{Cards: cf.Cards, Factions: ff.Factions, byID: map[string]*Card{}, factionBy: map[string]*Faction{}}
	if err := cs.validateFactions(); err != nil {
		return nil, err
	}
	if err := cs.validateCards(); err != nil {
		return nil, err
	}
	// The summaries are left out of the fingerprint: they only shorten the
	// texts, and adding them must not orphan the stored games of a set
	// (a state names its set by the fingerprint alone).
	canonCards := slices.Clone(cs.Cards)
	for i := range canonCards {
		canonCards[i].Summary = games.Text{}
	}
	canon, err := json.Marshal(struct {
		C []Card    `json:"c"`
		F []Faction `json:"f"`
	}{canonCards, cs.Factions})
	if err != nil {
		return nil, fmt.Errorf("fingerprint card set: %w", err)
	}
	sum := sha256.Sum256(canon)
	cs.Fingerprint = hex.EncodeToString(sum[:8])
	cs.entries = cs.makeCatalog()
	return sets.Keep(cs.Fingerprint, cs), nil
}

func (cs *CardSet) validateFactions() error {
	if len(cs.Factions) != 8 {
		return invalid("factions.json must hold 8 factions, found %d", len(cs.Factions))
	}
	perBoard := map[int]int{}
	for i := range cs.Factions {
		f := &cs.Factions[i]
		where := fmt.Sprintf("faction %q", f.ID)
		if !factionIDPattern.MatchString(f.ID) {
			return invalid("%s: id must be 2-20 lower-case letters, digits or _", where)
		}
		if cs.factionBy[f.ID] != nil {
			return invalid("%s: id used twice", where)
		}
		cs.factionBy[f.ID] = f
		if f.Name.EN == "" || f.Name.DE == "" {
			return invalid("%s: name needs en and de", where)
		}
		if f.Board < 1 || f.Board > 4 {
			return invalid("%s: board must be 1-4, not %d", where, f.Board)
		}
		perBoard[f.Board]++
		prevFields := 0
		for l, lv := range f.Levels {
			lw := fmt.Sprintf("%s level %d", where, l+1)
			if r := upgradeCostRange[l]; lv.Cost < r[0] || lv.Cost > r[1] {
				return invalid("%s: cost must be %d-%d, not %d", lw, r[0], r[1], lv.Cost)
			}
			if lv.Resistance < 1 || lv.Resistance > 15 {
				return invalid("%s: resistance must be 1-15, not %d", lw, lv.Resistance)
			}
			if lv.Productivity < 0 || lv.Productivity > 5 {
				return invalid("%s: productivity must be 0-5, not %d", lw, lv.Productivity)
			}
			if lv.Fields < max(prevFields, 1) || lv.Fields > 4 {
				return invalid("%s: fields must be %d-4 (never fewer than the level below), not %d", lw, max(prevFields, 1), lv.Fields)
			}
			prevFields = lv.Fields
		}
		for _, a := range commonActions {
			c, ok := f.Actions[a]
			if !ok {
				return invalid("%s: actions.%s is missing", where, a)
			}
			if c < 0 || c > maxActionCost {
				return invalid("%s: actions.%s must be 0-%d, not %d", where, a, maxActionCost, c)
			}
		}
		if len(f.Actions) != len(commonActions) {
			return invalid("%s: actions must list exactly %v", where, commonActions)
		}
	}
	for b := 1; b <= 4; b++ {
		if perBoard[b] != 2 {
			return invalid("board %d must carry exactly 2 factions, found %d", b, perBoard[b])
		}
	}
	return nil
}

func (cs *CardSet) validateCards() error {
	deckIdx := map[string]int{}
	for i, d := range deckNames {
		deckIdx[d] = i
	}
	for i := range cs.Cards {
		c := &cs.Cards[i]
		where := fmt.Sprintf("card %q", c.ID)
		if c.ID == "" {
			where = fmt.Sprintf("card #%d", i+1)
		}
		di, ok := deckIdx[c.Deck]
		if !ok {
			return invalid("%s: deck must be one of %v, not %q", where, allDecks, c.Deck)
		}
		if !cardIDPattern.MatchString(c.ID) || c.ID[:1] != deckPrefix[c.Deck] {
			return invalid("%s: id of a %s must be %s01..%s99", where, c.Deck, deckPrefix[c.Deck], deckPrefix[c.Deck])
		}
		if cs.byID[c.ID] != nil {
			return invalid("%s: id used twice", where)
		}
		cs.byID[c.ID] = c
		cs.bySlot[slot(c.ID)] = c
		cs.decks[di] = append(cs.decks[di], c.ID)
		if c.Name.EN == "" || c.Name.DE == "" {
			return invalid("%s: name needs en and de", where)
		}
		if c.Text.EN == "" || c.Text.DE == "" {
			return invalid("%s: text needs en and de", where)
		}
		if c.Cost < 0 || c.Cost > maxCardCost {
			return invalid("%s: cost must be 0-%d, not %d", where, maxCardCost, c.Cost)
		}
		if c.Deck == DeckSoldier {
			if cs.factionBy[c.Faction] == nil {
				return invalid("%s: faction %q is not in factions.json", where, c.Faction)
			}
			if c.Power < 1 || c.Power > maxSoldierPower {
				return invalid("%s: power must be 1-%d, not %d", where, maxSoldierPower, c.Power)
			}
			if c.Resistance < 1 || c.Resistance > maxSoldierResist {
				return invalid("%s: resistance must be 1-%d, not %d", where, maxSoldierResist, c.Resistance)
			}
			if c.Paragon < 0 || c.Paragon > maxSoldierPara {
				return invalid("%s: paragon must be 0-%d, not %d", where, maxSoldierPara, c.Paragon)
			}
		} else if c.Faction != "" || c.Power != 0 || c.Resistance != 0 || c.Paragon != 0 {
			return invalid("%s: only soldiers have faction, power, resistance and paragon", where)
		}
		for j, e := range c.Effects {
			if err := validateEffect(c, e); err != nil {
				return invalid("%s effect %d (%s): %v", where, j+1, e.Kind, err)
			}
		}
	}
	for i, d := range deckNames {
		if n := len(cs.decks[i]); n != deckSize[d] {
			return invalid("the %s deck must hold %d cards, found %d", d, deckSize[d], n)
		}
	}
	return nil
}

func validateEffect(c *Card, e Effect) error {
	spec, ok := kinds[e.Kind]
	if !ok {
		return fmt.Errorf("unknown kind (see FORMAT.md)")
	}
	switch {
	case c.Deck == DeckEvent && e.Timing != TimingImmediate:
		return fmt.Errorf("event effects must have timing immediate, not %q", e.Timing)
	case c.Deck != DeckEvent && e.Timing == TimingImmediate:
		return fmt.Errorf("timing immediate is for events only")
	case !spec.timings[e.Timing]:
		return fmt.Errorf("timing %q not allowed for this kind", e.Timing)
	case spec.soldierOnly && c.Deck != DeckSoldier:
		return fmt.Errorf("only soldiers may carry this kind")
	}
	if err := validateAmount(spec.amount, e.Amount); err != nil {
		return err
	}
	if err := oneOf("die", e.Die, spec.die, false); err != nil {
		return err
	}
	if err := oneOf("deck", e.Deck, spec.deck, len(spec.deck) > 0 && spec.deck[0] == ""); err != nil {
		return err
	}
	if err := oneOf("action", e.Action, spec.action, false); err != nil {
		return err
	}
	if e.Target != "" && e.Target != TargetSelf {
		if err := oneOf("target", e.Target, spec.targets, true); err != nil {
			return err
		}
	}
	if err := oneOf("condition", e.Condition, spec.conds, true); err != nil {
		return err
	}
	if e.Condition == "same_faction" && c.Deck != DeckSoldier {
		return fmt.Errorf("condition same_faction is for soldiers only")
	}
	return validateTrigger(c, e)
}

// validateAmount checks an effect's amount against what its kind reads:
// none (0), a count (1) or a signed change (-1).
func validateAmount(kind, amount int) error {
	switch kind {
	case 0:
		if amount != 0 {
			return fmt.Errorf("amount is not used by this kind")
		}
	case 1:
		if amount < 1 || amount > maxEffectAmount {
			return fmt.Errorf("amount must be 1-%d, not %d", maxEffectAmount, amount)
		}
	default:
		if amount == 0 || amount < -maxEffectAmount || amount > maxEffectAmount {
			return fmt.Errorf("amount must be -%d..%d and not 0, not %d", maxEffectAmount, maxEffectAmount, amount)
		}
	}
	return nil
}

// validateTrigger checks when an action effect is triggered and what it
// costs.
func validateTrigger(c *Card, e Effect) error {
	if e.Timing == TimingAction {
		switch e.When {
		case "", WhenUse:
		case WhenAttack:
			if c.Deck != DeckSoldier {
				return fmt.Errorf("when attack is for soldiers only")
			}
			if e.Cost != 0 || e.Spend != "" || e.Target == TargetChooseEnemy {
				return fmt.Errorf("when attack takes no cost, spend or choose_enemy")
			}
		default:
			return fmt.Errorf("when must be use or attack, not %q", e.When)
		}
	} else if e.When != "" {
		return fmt.Errorf("when is only for timing action")
	}
	if e.Cost != 0 || e.Spend != "" {
		if e.Timing != TimingAction {
			return fmt.Errorf("cost and spend are only for timing action")
		}
		if e.Cost < 0 || e.Cost > maxCardCost {
			return fmt.Errorf("cost must be 0-%d", maxCardCost)
		}
		if err := oneOf("spend", e.Spend, []string{"blank", "attack", "crit"}, true); err != nil {
			return err
		}
	}
	return nil
}

// oneOf checks that field value v is among allowed; an empty v passes only if
// optional (or if the kind does not read the field at all).
func oneOf(field, v string, allowed []string, optional bool) error {
	if len(allowed) == 0 {
		if v != "" {
			return fmt.Errorf("%s is not used by this kind", field)
		}
		return nil
	}
	if v == "" {
		if optional {
			return nil
		}
		return fmt.Errorf("%s is required (one of %v)", field, allowed)
	}
	for _, a := range allowed {
		if a == v {
			return nil
		}
	}
	return fmt.Errorf("%s must be one of %v, not %q", field, allowed, v)
}

type topicJSON struct {
	Key   string     `json:"key"`
	Title games.Text `json:"title"`
	Body  games.Text `json:"body"`
}

// LoadTopics parses and validates data/topics.json content.
func LoadTopics(data []byte) ([]games.Topic, error) {
	var tf struct {
		Topics []topicJSON `json:"topics"`
	}
	if err := strictjson.Unmarshal(data, &tf); err != nil {
		return nil, fmt.Errorf("%w: topics.json: %w", ErrInvalidData, err)
	}
	seen := map[string]bool{}
	out := make([]games.Topic, 0, len(tf.Topics))
	for i, t := range tf.Topics {
		where := fmt.Sprintf("topic %q", t.Key)
		if t.Key == "" {
			where = fmt.Sprintf("topic #%d", i+1)
		}
		if !topicKeyPattern.MatchString(t.Key) {
			return nil, invalid("%s: key must be lower-case letters, digits or -", where)
		}
		if seen[t.Key] {
			return nil, invalid("%s: key used twice", where)
		}
		seen[t.Key] = true
		if t.Title.EN == "" || t.Title.DE == "" || t.Body.EN == "" || t.Body.DE == "" {
			return nil, invalid("%s: title and body need en and de", where)
		}
		if utf8.RuneCountInString(t.Body.EN) > maxTopicChars || utf8.RuneCountInString(t.Body.DE) > maxTopicChars {
			return nil, invalid("%s: body must be at most %d characters per language", where, maxTopicChars)
		}
		out = append(out, games.Topic{Key: t.Key, Title: t.Title, Body: t.Body})
	}
	return out, nil
}

// sets holds the card sets loaded in this process and the one new games
// use.
var sets = intern.NewSets[*CardSet]("xibalba: card set")

// UseCardSet makes cs the set new games are created with. Games already
// running keep the set they were created with; Restore finds it by its
// fingerprint as long as it was loaded in this process.
func UseCardSet(cs *CardSet) { sets.Use(cs.Fingerprint, cs) }

// DefaultCardSet returns the set new games use, or why there is none.
func DefaultCardSet() (*CardSet, error) { return sets.Active() }

//go:embed data
var dataFS embed.FS

// loadEmbedded loads data/*.json as the default card set and returns the
// rules topics. Missing or invalid data leaves no default set; New then
// reports why, and TestEmbeddedData fails.
func loadEmbedded() []games.Topic {
	cards, err1 := fs.ReadFile(dataFS, "data/cards.json")
	factions, err2 := fs.ReadFile(dataFS, "data/factions.json")
	if err := errors.Join(err1, err2); err != nil {
		sets.Fail(fmt.Errorf("xibalba: embedded card data missing: %w", err))
	} else if cs, err := LoadCardSet(cards, factions); err != nil {
		slog.Error("xibalba: embedded card data invalid", "err", err)
		sets.Fail(err)
	} else {
		UseCardSet(cs)
	}
	data, err := fs.ReadFile(dataFS, "data/topics.json")
	if err != nil {
		return nil
	}
	topics, err := LoadTopics(data)
	if err != nil {
		slog.Error("xibalba: embedded rules topics invalid", "err", err)
		return nil
	}
	return topics
}

// table holds every fixed number of the rules that is not card or faction
// data. The dice faces are our ruling (the manual shows the symbols but not
// their distribution); see docs/rules/xibalba.md.
var table = struct {
	// Faces of each die kind, one entry per side.
	ResourceDie, AttackDie, ParagonDie []string
	PoolSize                           int // dice in the pool
	PoolMin, PoolMax                   int // bounds after card effects
	MaxPerType                         int // dice of one type in the pool
	Rerolls                            int // re-rolls after the initial roll
	MaxResources                       int
	MaxParagon                         int
	ArkCapSmall                        int // two players, or apocalypse mode
	ArkCapLarge                        int // three or more players
	Pharmaceuticals                    int // life points healed
	Fields                             int // add-on fields per base
	FaceUp, FaceUpApocalypse           int // face-up cards per deck
	ApocalypseDiscount                 int
	ApocalypseLowLife                  int // ark loot bonus threshold: life <= this
	ApocalypseBonusLow                 int // bonus paragon at low life
	ApocalypseBonusHigh                int // bonus paragon above it
	// TargetDefault, TargetMin and TargetMax are the paragon targets per
	// number of players (index = players), from the manual's recommendation.
	TargetDefault, TargetMin, TargetMax [5]int
}{
	ResourceDie:         []string{faceBlank, faceBlank, "r1", "r1", "r2", "r3"},
	AttackDie:           []string{faceBlank, faceBlank, faceAttack, faceAttack, faceAttack, faceCrit},
	ParagonDie:          []string{faceBlank, faceBlank, faceBlank, "p1", "p1", "p2"},
	PoolSize:            6,
	PoolMin:             1,
	PoolMax:             8,
	MaxPerType:          4,
	Rerolls:             2,
	MaxResources:        25,
	MaxParagon:          40,
	ArkCapSmall:         10,
	ArkCapLarge:         20,
	Pharmaceuticals:     2,
	Fields:              4,
	FaceUp:              2,
	FaceUpApocalypse:    1,
	ApocalypseDiscount:  1,
	ApocalypseLowLife:   5,
	ApocalypseBonusLow:  1,
	ApocalypseBonusHigh: 2,
	TargetDefault:       [5]int{0, 0, 35, 25, 15},
	TargetMin:           [5]int{0, 0, 30, 20, 10},
	TargetMax:           [5]int{0, 0, 40, 30, 20},
}

// Die kinds and faces.
const (
	dieResource = "resource"
	dieAttack   = "attack"
	dieParagon  = "paragon"
	faceBlank   = "blank"
	faceAttack  = "atk"
	faceCrit    = "crit"
)

// faces returns the sides of a die kind.
func faces(kind string) []string {
	switch kind {
	case dieResource:
		return table.ResourceDie
	case dieAttack:
		return table.AttackDie
	default:
		return table.ParagonDie
	}
}

// faceValue is the number of symbols a face shows: resources for r1-r3,
// paragon for p1-p2, 1 for attack and critical hit, 0 for a blank.
func faceValue(face string) int {
	switch face {
	case "r1", "p1", faceAttack, faceCrit:
		return 1
	case "r2", "p2":
		return 2
	case "r3":
		return 3
	}
	return 0
}

var _ games.Catalog = (*game)(nil)

// Catalog implements games.Catalog: every card of the game's set by its id
// ("s01"), then every faction by its id ("rebels"), with all its values.
func (g *game) Catalog() []games.Card { return g.cs.catalog() }

// catalog returns the set's Catalog: made once when the set is loaded (the
// bot looks pieces up on every decision it shows).
func (cs *CardSet) catalog() []games.Card {
	if cs.entries != nil {
		return slices.Clone(cs.entries)
	}
	return cs.makeCatalog()
}

// makeCatalog makes the entries of the set's Catalog.
func (cs *CardSet) makeCatalog() []games.Card {
	out := make([]games.Card, 0, len(cs.Cards)+len(cs.Factions))
	for i := range cs.Cards {
		out = append(out, cs.cardEntry(&cs.Cards[i]))
	}
	for i := range cs.Factions {
		out = append(out, factionEntry(&cs.Factions[i]))
	}
	return out
}

// cardEntry is a card's whole text: deck, cost, a soldier's faction and
// values, and its effect text.
func (cs *CardSet) cardEntry(c *Card) games.Card {
	body := msgs.Text("CardHead", cardKinds[c.Deck], c.Cost)
	if c.Deck == DeckSoldier {
		body = msgs.Text("SoldierHead", cardKinds[c.Deck], c.Cost, cs.factionBy[c.Faction].Name, c.Power, c.Resistance, c.Paragon)
	}
	if c.Text.EN != "" {
		body = games.Join([]games.Text{body, c.Text}, "\n")
	}
	return games.Card{ID: c.ID, Name: c.Name, Body: body, Summary: cs.cardSummary(c, body)}
}

// factionEntry is a faction's board: its levels and the costs of the common
// actions.
func factionEntry(f *Faction) games.Card {
	lines := []games.Text{msgs.Text("FactionBoard", f.Board)}
	for i, l := range f.Levels {
		fields := msgs.Count("Fields", l.Fields, l.Fields)
		if i == 0 {
			lines = append(lines, msgs.Text("FactionLevel", i+1, l.Resistance, l.Productivity, fields))
			continue
		}
		lines = append(lines, msgs.Text("FactionLevelUpgrade", i+1, l.Cost, l.Resistance, l.Productivity, fields))
	}
	prices := make([]games.Text, len(commonActions))
	for i, a := range commonActions {
		prices[i] = msgs.Text("ActionPrice", actionNames[a], f.Actions[a])
	}
	lines = append(lines, msgs.Text("CommonActions", games.Join(prices, ", ")))
	return games.Card{ID: f.ID, Name: f.Name, Body: games.Join(lines, "\n"), Summary: factionSummary(f)}
}
