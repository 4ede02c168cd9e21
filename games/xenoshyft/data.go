package xenoshyft

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
	"sync"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/games/internal/intern"
	"github.com/playbychat/pbc/games/internal/strictjson"
)

// Effect is one step of a card's effect, taken from the effect vocabulary
// described in data/FORMAT.md.
type Effect struct {
	Do     string `json:"do"`
	Amount int    `json:"amount,omitempty"`
	Target string `json:"target,omitempty"`
}

// Ability is something a player triggers: an instant item, a troop's
// once-per-round ability or a division's once-per-round ability.
type Ability struct {
	// Choose is what the player picks when using it: "" (nothing),
	// "enemy", "troop" or "lane".
	Choose  string   `json:"choose,omitempty"`
	Effects []Effect `json:"effects"`
}

// ResourceType is a xenosathem card.
type ResourceType struct {
	Key   string     `json:"key"`
	Name  games.Text `json:"name"`
	Value int        `json:"value"`
	Count int        `json:"count"`
}

// TroopType is a NorTec troop card.
type TroopType struct {
	Key  string     `json:"key"`
	Name games.Text `json:"name"`
	Text games.Text `json:"text"`
	// Summary is the effect in at most 100 characters per language, for
	// a text too long to stand whole next to its values.
	Summary games.Text `json:"summary,omitempty"`
	Cost    int        `json:"cost"`
	Attack  int        `json:"attack"`
	HP      int        `json:"hp"`
	// Wave is the first wave in which the troop may be bought.
	Wave  int `json:"wave"`
	Count int `json:"count"`
	// Starter marks the start-deck troop (Militia): it has no stack on the
	// board and burned copies go back to the box.
	Starter bool `json:"starter,omitempty"`
	// Armor is damage prevented from each enemy attack.
	Armor   int      `json:"armor,omitempty"`
	Ability *Ability `json:"ability,omitempty"`
	// OnKill runs when this troop kills an enemy in an attack.
	OnKill []Effect `json:"on_kill,omitempty"`
}

// EnemyType is a swarm enemy or boss.
type EnemyType struct {
	Key  string     `json:"key"`
	Name games.Text `json:"name"`
	Text games.Text `json:"text"`
	// Summary is the effect in at most 100 characters per language, for
	// a text too long to stand whole next to its values.
	Summary games.Text `json:"summary,omitempty"`
	Wave    int        `json:"wave"`
	Attack  int        `json:"attack"`
	HP      int        `json:"hp"`
	Count   int        `json:"count"`
	Boss    bool       `json:"boss,omitempty"`
	// Armor is damage prevented from each troop attack.
	Armor int `json:"armor,omitempty"`
	// Cleave makes each attack hit the first two troops.
	Cleave bool     `json:"cleave,omitempty"`
	Reveal []Effect `json:"reveal,omitempty"`
	// OnKill runs when this enemy kills a troop, even if it dies itself.
	OnKill []Effect `json:"on_kill,omitempty"`
	// OnDeath runs when this enemy is eliminated.
	OnDeath []Effect `json:"on_death,omitempty"`
}

// ItemType is one of the item stacks (5 cards each in the standard set).
type ItemType struct {
	Key  string     `json:"key"`
	Name games.Text `json:"name"`
	Text games.Text `json:"text"`
	// Summary is the effect in at most 100 characters per language, for
	// a text too long to stand whole next to its values.
	Summary games.Text `json:"summary,omitempty"`
	Cost    int        `json:"cost"`
	// Kind is "weapon", "armour" (equipment) or "instant".
	Kind   string   `json:"kind"`
	Traits []string `json:"traits,omitempty"`
	Count  int      `json:"count"`
	Attack int      `json:"attack,omitempty"`
	HP     int      `json:"hp,omitempty"`
	Armor  int      `json:"armor,omitempty"`
	// Play is the effect of an instant.
	Play *Ability `json:"play,omitempty"`
}

// DivisionAbility is one of a division's three cumulative wave abilities.
type DivisionAbility struct {
	Text games.Text `json:"text"`
	// Kind is one of item_discount, troop_discount, lane_attack, lane_hp,
	// lane_armor, hand_size, extra_resource, instant_bonus, base_repair,
	// active.
	Kind   string `json:"kind"`
	Amount int    `json:"amount,omitempty"`
	// Trait limits item_discount to items with this trait.
	Trait string `json:"trait,omitempty"`
	// Use is the once-per-round ability of kind active.
	Use *Ability `json:"use,omitempty"`
}

// Division is a NorTec division card.
type Division struct {
	Key  string     `json:"key"`
	Name games.Text `json:"name"`
	// Summary is the three wave abilities in at most 100 characters per
	// language.
	Summary games.Text `json:"summary"`
	// Start lists item keys added to the owner's start deck; their stacks
	// are always among the nine item stacks.
	Start     []string          `json:"start"`
	Abilities []DivisionAbility `json:"abilities"`
}

// CardSet is the whole content of the game. A game keeps the fingerprint
// of the set it was created with; the set itself lives in the registry of
// loaded sets (see UseCardSet). A loaded set never changes.
type CardSet struct {
	Resources []ResourceType `json:"resources"`
	Troops    []TroopType    `json:"troops"`
	Enemies   []EnemyType    `json:"enemies"`
	Items     []ItemType     `json:"items"`
	Divisions []Division     `json:"divisions"`
	// Fingerprint identifies the set's content: the hex SHA-256 (first 8
	// bytes) of its JSON encoding.
	Fingerprint string `json:"-"`

	troopIdx map[string]int
	enemyIdx map[string]int
	itemIdx  map[string]int
	resIdx   map[string]int
	divIdx   map[string]int
}

// ErrCardSet marks every validation failure of LoadCardSet.
var ErrCardSet = errors.New("invalid card set")

//go:embed data/cards.json
var defaultCardsJSON []byte

// sets holds the card sets loaded in this process, by fingerprint, and the
// one new games use.
var sets = intern.NewSets[*CardSet]("xenoshyft: card set")

// embedded is the set of data/cards.json, loaded once.
var embedded = sync.OnceValue(func() *CardSet {
	cs, err := LoadCardSet(defaultCardsJSON)
	if err != nil {
		panic(fmt.Sprintf("xenoshyft: embedded card set: %v", err))
	}
	return cs
})

// DefaultCardSet returns the embedded original card set.
func DefaultCardSet() *CardSet { return embedded() }

// UseCardSet makes cs the set new games are created with. Running games
// keep the set they were created with: Restore finds it by its fingerprint
// as long as it was loaded in this process.
func UseCardSet(cs *CardSet) { sets.Use(cs.Fingerprint, cs) }

// LoadCardSet decodes and validates a card set in the format of
// data/FORMAT.md. Errors name the card and the field. The set is kept
// for the life of the process under its fingerprint (equal data loaded
// twice gives the same set), so that games created with it restore.
func LoadCardSet(data []byte) (*CardSet, error) {
	var cs CardSet
	if err := strictjson.Unmarshal(data, &cs); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCardSet, err)
	}
	if err := cs.validate(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCardSet, err)
	}
	canon, err := json.Marshal(&cs)
	if err != nil {
		return nil, fmt.Errorf("xenoshyft: fingerprint card set: %w", err)
	}
	sum := sha256.Sum256(canon)
	cs.Fingerprint = hex.EncodeToString(sum[:8])
	return sets.Keep(cs.Fingerprint, &cs), nil
}

// Effect targets by the context they need.
var (
	// effectDo lists the allowed targets of each effect verb.
	effectDo = map[string][]string{
		"damage":    {"chosen", "front_enemy", "lane_enemies", "self", "first_troop", "last_troop", "first_two_troops", "all_troops", "strongest_troop", "base"},
		"heal":      {"chosen", "self", "all_troops", "first_troop", "base"},
		"prevent":   {"chosen", "self", "all_troops", "first_troop"},
		"boost":     {"chosen", "self", "all_troops", "first_troop"},
		"draw":      {"player"},
		"discard":   {"lane_owner"},
		"burn":      {"first_troop", "last_troop", "strongest_troop"},
		"send_back": {"first_troop"},
		"summon":    {"lane"},
	}
)

func (cs *CardSet) validate() error {
	cs.troopIdx = map[string]int{}
	cs.enemyIdx = map[string]int{}
	cs.itemIdx = map[string]int{}
	cs.resIdx = map[string]int{}
	cs.divIdx = map[string]int{}
	keys := map[string]string{}
	claim := func(kind, key string) error {
		if key == "" {
			return fmt.Errorf("%s without key", kind)
		}
		if prev, dup := keys[key]; dup {
			return fmt.Errorf("%s %q: key already used by a %s", kind, key, prev)
		}
		keys[key] = kind
		return nil
	}
	name := func(kind, key string, t games.Text, field string) error {
		if t.EN == "" || t.DE == "" {
			return fmt.Errorf("%s %q: field %s needs en and de", kind, key, field)
		}
		return nil
	}
	values := map[int]bool{}
	for i, r := range cs.Resources {
		if err := claim("resource", r.Key); err != nil {
			return err
		}
		if err := name("resource", r.Key, r.Name, "name"); err != nil {
			return err
		}
		if r.Value < 1 || r.Count < 1 {
			return fmt.Errorf("resource %q: field value and count must be positive", r.Key)
		}
		values[r.Value] = true
		cs.resIdx[r.Key] = i
	}
	for _, v := range []int{1, 3, 6} {
		if !values[v] {
			return fmt.Errorf("resources: no card of value %d", v)
		}
	}
	starters := 0
	for i, t := range cs.Troops {
		if err := claim("troop", t.Key); err != nil {
			return err
		}
		if err := name("troop", t.Key, t.Name, "name"); err != nil {
			return err
		}
		if t.Ability != nil || len(t.OnKill) > 0 || t.Armor > 0 {
			if err := name("troop", t.Key, t.Text, "text"); err != nil {
				return err
			}
		}
		if err := checkSummary("troop", t.Key, t.Text, t.Summary); err != nil {
			return err
		}
		if t.Cost < 0 || t.Attack < 0 || t.HP < 1 || t.Armor < 0 {
			return fmt.Errorf("troop %q: field cost/attack/hp/armor out of range", t.Key)
		}
		if t.Wave < 1 || t.Wave > 3 {
			return fmt.Errorf("troop %q: field wave must be 1, 2 or 3", t.Key)
		}
		if t.Count < 1 {
			return fmt.Errorf("troop %q: field count must be positive", t.Key)
		}
		if t.Starter {
			starters++
			if t.Count < 16 {
				return fmt.Errorf("troop %q: field count must be at least 16 for the start decks of 4 players", t.Key)
			}
		}
		if err := checkAbility("troop", t.Key, "ability", t.Ability); err != nil {
			return err
		}
		if err := checkEffects("troop", t.Key, "on_kill", t.OnKill, ""); err != nil {
			return err
		}
		cs.troopIdx[t.Key] = i
	}
	if starters != 1 {
		return fmt.Errorf("troops: need exactly one starter troop, found %d", starters)
	}
	bosses := [4]int{}
	regular := [4]int{}
	for i, e := range cs.Enemies {
		if err := claim("enemy", e.Key); err != nil {
			return err
		}
		if err := name("enemy", e.Key, e.Name, "name"); err != nil {
			return err
		}
		if len(e.Reveal)+len(e.OnKill)+len(e.OnDeath) > 0 || e.Cleave || e.Armor > 0 {
			if err := name("enemy", e.Key, e.Text, "text"); err != nil {
				return err
			}
		}
		if err := checkSummary("enemy", e.Key, e.Text, e.Summary); err != nil {
			return err
		}
		if e.Wave < 1 || e.Wave > 3 {
			return fmt.Errorf("enemy %q: field wave must be 1, 2 or 3", e.Key)
		}
		if e.Attack < 0 || e.HP < 1 || e.Armor < 0 || e.Count < 1 {
			return fmt.Errorf("enemy %q: field attack/hp/armor/count out of range", e.Key)
		}
		for _, f := range []struct {
			field string
			effs  []Effect
		}{{"reveal", e.Reveal}, {"on_kill", e.OnKill}, {"on_death", e.OnDeath}} {
			if err := checkEffects("enemy", e.Key, f.field, f.effs, ""); err != nil {
				return err
			}
		}
		if e.Boss {
			if e.Count != 1 {
				return fmt.Errorf("enemy %q: field count of a boss must be 1", e.Key)
			}
			bosses[e.Wave]++
		} else {
			regular[e.Wave] += e.Count
		}
		cs.enemyIdx[e.Key] = i
	}
	for w := 1; w <= 3; w++ {
		if bosses[w] != 2 {
			return fmt.Errorf("enemies: wave %d needs exactly 2 bosses, has %d", w, bosses[w])
		}
		if regular[w] < 16 {
			return fmt.Errorf("enemies: wave %d needs at least 16 regular enemies, has %d", w, regular[w])
		}
	}
	for i, it := range cs.Items {
		if err := claim("item", it.Key); err != nil {
			return err
		}
		if err := name("item", it.Key, it.Name, "name"); err != nil {
			return err
		}
		if err := name("item", it.Key, it.Text, "text"); err != nil {
			return err
		}
		if err := checkSummary("item", it.Key, it.Text, it.Summary); err != nil {
			return err
		}
		if it.Cost < 0 || it.Count < 1 || it.Attack < 0 || it.HP < 0 || it.Armor < 0 {
			return fmt.Errorf("item %q: field cost/count/attack/hp/armor out of range", it.Key)
		}
		switch it.Kind {
		case "weapon", "armour":
			if it.Play != nil {
				return fmt.Errorf("item %q: field play is only for instants", it.Key)
			}
		case "instant":
			if it.Play == nil {
				return fmt.Errorf("item %q: field play is required for an instant", it.Key)
			}
			if err := checkAbility("item", it.Key, "play", it.Play); err != nil {
				return err
			}
		default:
			return fmt.Errorf("item %q: field kind must be weapon, armour or instant, not %q", it.Key, it.Kind)
		}
		for _, tr := range it.Traits {
			switch tr {
			case "medical", "technology", "explosive":
			default:
				return fmt.Errorf("item %q: field traits has unknown trait %q", it.Key, tr)
			}
		}
		cs.itemIdx[it.Key] = i
	}
	if len(cs.Items) < 9 {
		return fmt.Errorf("items: need at least 9 item types, have %d", len(cs.Items))
	}
	if len(cs.Divisions) < 4 {
		return fmt.Errorf("divisions: need at least 4, have %d", len(cs.Divisions))
	}
	fixed := map[string]bool{}
	for i, d := range cs.Divisions {
		if err := claim("division", d.Key); err != nil {
			return err
		}
		if err := name("division", d.Key, d.Name, "name"); err != nil {
			return err
		}
		if err := name("division", d.Key, d.Summary, "summary"); err != nil {
			return err
		}
		if err := checkSummary("division", d.Key, d.Summary, d.Summary); err != nil {
			return err
		}
		if len(d.Start) > 2 {
			return fmt.Errorf("division %q: field start holds at most 2 cards", d.Key)
		}
		for _, k := range d.Start {
			if _, ok := cs.itemIdx[k]; !ok {
				return fmt.Errorf("division %q: field start names unknown item %q", d.Key, k)
			}
			fixed[k] = true
		}
		if len(d.Abilities) != 3 {
			return fmt.Errorf("division %q: field abilities needs one per wave (3)", d.Key)
		}
		for w, a := range d.Abilities {
			if err := checkDivisionAbility(d.Key, w+1, a); err != nil {
				return err
			}
		}
		cs.divIdx[d.Key] = i
	}
	if len(fixed) > 9 {
		return fmt.Errorf("divisions: start cards fix %d item stacks, more than 9", len(fixed))
	}
	for k := range fixed {
		need := 0
		for _, d := range cs.Divisions {
			for _, s := range d.Start {
				if s == k {
					need++
				}
			}
		}
		if it := cs.Items[cs.itemIdx[k]]; it.Count < need {
			return fmt.Errorf("item %q: field count %d is below the %d start cards of the divisions", k, it.Count, need)
		}
	}
	return nil
}

// maxSummary is the longest summary in runes: Discord's limit for the
// description of a select option.
const maxSummary = 100

// checkSummary checks that a card's effect can be shown whole in
// maxSummary runes per language: its text, else its summary.
func checkSummary(kind, key string, text, summary games.Text) error {
	for _, l := range games.LangsOf(text, summary) {
		sum, txt := utf8.RuneCountInString(summary.In(l)), utf8.RuneCountInString(text.In(l))
		switch {
		case sum > maxSummary:
			return fmt.Errorf("%s %q: field summary.%s has %d characters, more than %d", kind, key, l, sum, maxSummary)
		case sum == 0 && txt > maxSummary:
			return fmt.Errorf("%s %q: field text.%s has %d characters, more than %d: give a summary", kind, key, l, txt, maxSummary)
		}
	}
	return nil
}

func checkDivisionAbility(div string, wave int, a DivisionAbility) error {
	if a.Text.EN == "" || a.Text.DE == "" {
		return fmt.Errorf("division %q: ability of wave %d: field text needs en and de", div, wave)
	}
	switch a.Kind {
	case "item_discount", "troop_discount", "lane_attack", "lane_hp", "lane_armor", "hand_size", "extra_resource", "instant_bonus", "base_repair":
		if a.Amount < 1 {
			return fmt.Errorf("division %q: ability of wave %d: field amount must be positive", div, wave)
		}
		if a.Use != nil {
			return fmt.Errorf("division %q: ability of wave %d: field use is only for kind active", div, wave)
		}
	case "active":
		if a.Use == nil {
			return fmt.Errorf("division %q: ability of wave %d: field use is required for kind active", div, wave)
		}
		return checkAbility("division", div, "use", a.Use)
	default:
		return fmt.Errorf("division %q: ability of wave %d: field kind %q is unknown", div, wave, a.Kind)
	}
	return nil
}

func checkAbility(kind, key, field string, a *Ability) error {
	if a == nil {
		return nil
	}
	switch a.Choose {
	case "", "enemy", "troop", "lane":
	default:
		return fmt.Errorf("%s %q: field %s.choose must be enemy, troop or lane, not %q", kind, key, field, a.Choose)
	}
	if len(a.Effects) == 0 {
		return fmt.Errorf("%s %q: field %s.effects is empty", kind, key, field)
	}
	return checkEffects(kind, key, field+".effects", a.Effects, a.Choose)
}

func checkEffects(kind, key, field string, effs []Effect, choose string) error {
	for i, e := range effs {
		targets, ok := effectDo[e.Do]
		if !ok {
			return fmt.Errorf("%s %q: field %s[%d].do %q is unknown", kind, key, field, i, e.Do)
		}
		known := false
		for _, t := range targets {
			if t == e.Target {
				known = true
			}
		}
		if !known {
			return fmt.Errorf("%s %q: field %s[%d].target %q is not allowed for %s", kind, key, field, i, e.Target, e.Do)
		}
		if e.Amount < 1 && e.Do != "burn" && e.Do != "send_back" {
			return fmt.Errorf("%s %q: field %s[%d].amount must be positive", kind, key, field, i)
		}
		if e.Target == "chosen" && choose != "enemy" && choose != "troop" {
			return fmt.Errorf("%s %q: field %s[%d].target chosen needs choose enemy or troop", kind, key, field, i)
		}
		if e.Do != "damage" && e.Target == "chosen" && choose == "enemy" {
			return fmt.Errorf("%s %q: field %s[%d]: only damage may target a chosen enemy", kind, key, field, i)
		}
		if e.Do == "damage" && e.Target == "chosen" && choose == "troop" {
			return fmt.Errorf("%s %q: field %s[%d]: damage may not target a chosen troop", kind, key, field, i)
		}
	}
	return nil
}

func (cs *CardSet) troop(key string) *TroopType { return &cs.Troops[cs.troopIdx[key]] }
func (cs *CardSet) enemy(key string) *EnemyType { return &cs.Enemies[cs.enemyIdx[key]] }
func (cs *CardSet) item(key string) *ItemType   { return &cs.Items[cs.itemIdx[key]] }
func (cs *CardSet) division(key string) *Division {
	return &cs.Divisions[cs.divIdx[key]]
}

var _ games.Catalog = (*Game)(nil)

// Catalog implements games.Catalog: every card of the game by the id the
// pictures print ("c17"), then the troop stacks ("t3"), item stacks ("i5")
// and resource piles ("r3") of the board, then the divisions by the key
// "division <key>" takes, each with all its values and its whole text.
// Copies of one card type read alike (the same name, text and summary),
// so that a lookup shows each distinct piece once; the moves name the
// first entry of their type (see piece).
func (g *Game) Catalog() []games.Card {
	cs := g.cs
	out := make([]games.Card, 0, len(g.s.Cards)+len(cs.Troops)+len(g.s.Slots)+len(cs.Resources)+len(cs.Divisions))
	for id, c := range g.s.Cards {
		e := cs.typeEntry(c.Kind, c.Key)
		e.ID = "c" + strconv.Itoa(id)
		out = append(out, e)
	}
	for n, ti := range g.troopStacks() {
		e := cs.typeEntry(kindTroop, cs.Troops[ti].Key)
		e.ID = stackRef{N: n + 1}.String()
		out = append(out, e)
	}
	for n, slot := range g.s.Slots {
		if slot == noCard {
			continue
		}
		e := cs.typeEntry(kindItem, cs.Items[slot].Key)
		e.ID = stackRef{Items: true, N: n + 1}.String()
		out = append(out, e)
	}
	for _, r := range cs.Resources {
		e := cs.typeEntry(kindResource, r.Key)
		e.ID = "r" + strconv.Itoa(r.Value)
		out = append(out, e)
	}
	for _, d := range cs.Divisions {
		out = append(out, cs.divisionEntry(d))
	}
	return out
}

// piece is the Catalog id a move names for card id: the first card of
// the same type, so that moves with copies of one card name one piece.
func (g *Game) piece(id int) string {
	if id < 0 || id >= len(g.s.Cards) {
		return ""
	}
	c := g.s.Cards[id]
	return "c" + strconv.Itoa(slices.Index(g.s.Cards, c))
}

// typeEntry is the name, whole text and summary of a card type, without
// an id.
func (cs *CardSet) typeEntry(kind, key string) games.Card {
	var name, text, summary, values, short games.Text
	switch kind {
	case kindResource:
		r := cs.Resources[cs.resIdx[key]]
		name = r.Name
		values = msgs.Text("CardResource", r.Value)
	case kindTroop:
		t := cs.troop(key)
		name, text, summary = t.Name, t.Text, t.Summary
		values = msgs.Text("CardTroop", t.Wave, t.Cost, t.Attack, t.HP)
		short = msgs.Text("CardTroopShort", t.Cost, t.Attack, hitPointsText(t.HP))
	case kindEnemy:
		e := cs.enemy(key)
		name, text, summary = e.Name, e.Text, e.Summary
		values = msgs.Text("CardEnemy", e.Wave, e.Attack, e.HP)
		if e.Boss {
			values = msgs.Text("CardBoss", e.Wave, e.Attack, e.HP)
		}
		short = msgs.Text("CardEnemyShort", e.Attack, hitPointsText(e.HP))
	default:
		it := cs.item(key)
		name, text, summary = it.Name, it.Text, it.Summary
		values = msgs.Text("CardItem", it.Cost)
		short = msgs.Text("CardItemShort", it.Cost)
	}
	body := values
	if text.EN != "" {
		body = games.Join([]games.Text{values, text}, "\n")
	}
	return games.Card{Name: name, Body: body, Summary: games.T(
		summarize(body.EN, short.EN, text.EN, summary.EN),
		summarize(body.DE, short.DE, text.DE, summary.DE))}
}

// summarize is a card's summary in one language: empty when its body fits
// in maxSummary runes, else its short values and text, else its own
// summary or text (the card set's check makes one of them fit).
func summarize(body, short, text, summary string) string {
	fits := func(s string) bool { return utf8.RuneCountInString(s) <= maxSummary }
	if fits(body) {
		return ""
	}
	if full := strings.TrimSpace(short + " " + text); fits(full) {
		return full
	}
	if summary != "" {
		return summary
	}
	return text
}

// divisionEntry is a division's start cards and its three wave abilities.
func (cs *CardSet) divisionEntry(d Division) games.Card {
	head := msgs.Text("CardDivision")
	if len(d.Start) > 0 {
		var keys []string
		count := map[string]int{}
		for _, k := range d.Start {
			if count[k] == 0 {
				keys = append(keys, k)
			}
			count[k]++
		}
		names := make([]games.Text, len(keys))
		for i, k := range keys {
			names[i] = msgs.Text("CardCopies", count[k], cs.item(k).Name)
		}
		head = msgs.Text("CardDivisionStart", games.Join(names, ", "))
	}
	lines := []games.Text{head}
	for _, a := range d.Abilities {
		lines = append(lines, a.Text)
	}
	return games.Card{ID: d.Key, Name: d.Name, Body: games.Join(lines, "\n"), Summary: d.Summary}
}

//go:embed data/rules.json
var rulesJSON []byte
