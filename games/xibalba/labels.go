package xibalba

import (
	"strings"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
)

// emit records an event whose text is a message of the catalogue; seats are
// the seats the text names (each by its placeholder, games.Seatf), in the
// order the English text names them: the event's Seats. Every event of the
// engine is made here; the tests check Seats against the text.
func (g *game) emit(reveal bool, text games.Text, seats ...games.Seat) {
	g.ev = append(g.ev, games.Event{Text: text, Reveal: reveal, Seats: seats})
}

// Counted phrases of XIBALBA's texts, in the plural form the catalogue
// picks for n in each language.
func resourcesText(n int) games.Text {
	return msgs.Count("Resources", n, n)
}

func diceText(n int) games.Text {
	return msgs.Count("Dice", n, n)
}

func resourceDiceText(n int) games.Text {
	return msgs.Count("ResourceDice", n, n)
}

func attackDiceText(n int) games.Text {
	return msgs.Count("AttackDice", n, n)
}

func paragonDiceText(n int) games.Text {
	return msgs.Count("ParagonDice", n, n)
}

func paragonText(n int) games.Text {
	return msgs.Count("Paragon", n, n)
}

// rerollChangeText says by how many re-rolls a turn's allowance changes:
// "1 more re-roll", "2 fewer re-rolls".
func rerollChangeText(n int) games.Text {
	if n < 0 {
		return msgs.Count("FewerRerolls", -n, -n)
	}
	return msgs.Count("MoreRerolls", n, n)
}

func lifePointsText(n int) games.Text {
	return msgs.Count("LifePoints", n, n)
}

func symbolsText(n int) games.Text {
	return msgs.Count("Symbols", n, n)
}

func critsText(n int) games.Text {
	return msgs.Count("Crits", n, n)
}

// faceNames names die faces in texts and the re-roll menu.
var faceNames = map[string]games.Text{
	"r1":       msgs.Text("FaceResource1"),
	"r2":       msgs.Text("FaceResource2"),
	"r3":       msgs.Text("FaceResource3"),
	"p1":       msgs.Text("FaceParagon1"),
	"p2":       msgs.Text("FaceParagon2"),
	faceAttack: msgs.Text("FaceAttack"),
	faceCrit:   msgs.Text("FaceCrit"),
	faceBlank:  msgs.Text("FaceBlank"),
}

// faceName names a die face; an unknown face is shown as it is stored.
func faceName(face string) games.Text {
	if t, ok := faceNames[face]; ok {
		return t
	}
	return games.T(face, face)
}

// facesText lists the faces of dice in both languages, "-" for none; a
// blank names its kind of die, as in the re-roll menu.
func facesText(ds []die) games.Text {
	if len(ds) == 0 {
		return games.T("-", "-")
	}
	names := make([]games.Text, len(ds))
	for i, d := range ds {
		names[i] = dieLabel(d)
	}
	return games.Join(names, ", ")
}

// upperFirst capitalises the first letter of an English text.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// dieKinds name the kinds of dice.
var dieKinds = map[string]games.Text{
	dieResource: msgs.Text("DieResource"),
	dieAttack:   msgs.Text("DieAttack"),
	dieParagon:  msgs.Text("DieParagon"),
}

// dieTitles name the kinds of dice at the start of a label.
var dieTitles = map[string]games.Text{
	dieResource: msgs.Text("DieResourceTitle"),
	dieAttack:   msgs.Text("DieAttackTitle"),
	dieParagon:  msgs.Text("DieParagonTitle"),
}

// dieLabel names a die in the log and the re-roll menu: its face, and its
// kind where the face does not tell it (a blank).
func dieLabel(d die) games.Text {
	if d.Face != faceBlank {
		return faceName(d.Face)
	}
	return msgs.Text("BlankDie", dieKinds[d.Kind])
}

// rerollLabel labels the re-roll of some dice (their numbers nos): their
// numbers and faces, or the numbers alone where the faces would make the
// label longer than a button takes.
func rerollLabel(nos []int, named []games.Text) games.Text {
	label := msgs.Text("RerollFacesLabel", games.Join(named, ", "))
	if utf8.RuneCountInString(label.EN) > maxLabel || utf8.RuneCountInString(label.DE) > maxLabel {
		label = msgs.Text("RerollDiceLabel", numbersText(nos))
	}
	return label
}

// numberedFaces lists dice with their numbers nos (1, 2, 3, … for nil):
// "#1 attack, #2 blank resource die".
func numberedFaces(dice []die, nos []int) games.Text {
	return games.Join(numberedDice(dice, nos), ", ")
}

// numberedDice names each of dice with its number: "#1 attack".
func numberedDice(dice []die, nos []int) []games.Text {
	names := make([]games.Text, len(dice))
	for i, d := range dice {
		no := i + 1
		if nos != nil {
			no = nos[i]
		}
		names[i] = msgs.Text("NumberedDie", no, dieLabel(d))
	}
	return names
}

// numbersText writes dice numbers as the notation does, "#2, #5".
func numbersText(nos []int) games.Text {
	args := make([]string, len(nos))
	for i, no := range nos {
		args[i] = dieArg(no)
	}
	s := strings.Join(args, ", ")
	return games.T(s, s)
}

// maxLabel is the longest move label, in characters.
const maxLabel = 80

var policyLabels = map[string]games.Text{
	PolicyAsk:     msgs.Text("PolicyAskLabel"),
	PolicyAlways:  msgs.Text("PolicyAlwaysLabel"),
	PolicyNever:   msgs.Text("PolicyNeverLabel"),
	PolicySurvive: msgs.Text("PolicySurviveLabel"),
}

// actionLabel is the label of a common action with what it costs seat.
func (g *game) actionLabel(seat games.Seat, act string, t games.Text) games.Text {
	return msgs.Text("ActionCostLabel", t, g.actionCost(seat, act))
}

var phaseNames = map[Phase]games.Text{
	PhaseFaction: msgs.Text("PhaseFactionName"),
	PhaseEffect:  msgs.Text("PhaseEffectName"),
	PhasePool:    msgs.Text("PhasePoolName"),
	PhaseDice:    msgs.Text("PhaseDiceName"),
	PhaseRoll:    msgs.Text("PhaseRollName"),
	PhaseAction:  msgs.Text("PhaseActionName"),
	PhaseOver:    msgs.Text("PhaseOverName"),
}

// stepNames name the steps of a turn in refusals: each phase, and the
// steps within the action phase.
var stepNames = map[step]games.Text{
	stepFaction: msgs.Text("PhaseFactionName"),
	stepEffect:  msgs.Text("PhaseEffectName"),
	stepPool:    msgs.Text("PhasePoolName"),
	stepDice:    msgs.Text("PhaseDiceName"),
	stepRoll:    msgs.Text("PhaseRollName"),
	stepAction:  msgs.Text("PhaseActionName"),
	stepOver:    msgs.Text("PhaseOverName"),
	stepBlock:   msgs.Text("StepBlockName"),
	stepDestroy: msgs.Text("StepDestroyName"),
	stepReorg:   msgs.Text("StepReorgName"),
}

var deckTexts = map[string]games.Text{
	DeckSoldier:   msgs.Text("DeckSoldiers"),
	DeckCivilian:  msgs.Text("DeckCivilians"),
	DeckStructure: msgs.Text("DeckStructures"),
	DeckEvent:     msgs.Text("DeckEvents"),
}

func deckName(d string) games.Text { return deckTexts[d] }

// deckInText name the decks inside a sentence.
var deckInText = map[string]games.Text{
	DeckSoldier:   msgs.Text("DeckSoldiersInText"),
	DeckCivilian:  msgs.Text("DeckCiviliansInText"),
	DeckStructure: msgs.Text("DeckStructuresInText"),
	DeckEvent:     msgs.Text("DeckEventsInText"),
}

// actionTitles name the faction-priced common actions at the start of a
// sentence.
var actionTitles = map[string]games.Text{
	ActDiscard:          msgs.Text("ActionDiscardTitle"),
	ActReorganize:       msgs.Text("ActionReorganizeTitle"),
	ActPharmaceuticals:  msgs.Text("ActionPharmaceuticalsTitle"),
	ActWeaponTechnology: msgs.Text("ActionWeaponTechnologyTitle"),
	ActTacticalAssault:  msgs.Text("ActionTacticalAssaultTitle"),
	ActHarvest:          msgs.Text("ActionHarvestTitle"),
}

// actionNames names the faction-priced common actions, for the catalog.
var actionNames = map[string]games.Text{
	ActDiscard:          msgs.Text("ActionDiscard"),
	ActReorganize:       msgs.Text("ActionReorganize"),
	ActPharmaceuticals:  msgs.Text("ActionPharmaceuticals"),
	ActWeaponTechnology: msgs.Text("ActionWeaponTechnology"),
	ActTacticalAssault:  msgs.Text("ActionTacticalAssault"),
	ActHarvest:          msgs.Text("ActionHarvest"),
}

// cardKinds names one card of each deck, for the catalog.
var cardKinds = map[string]games.Text{
	DeckSoldier:   msgs.Text("KindSoldier"),
	DeckCivilian:  msgs.Text("KindCivilian"),
	DeckStructure: msgs.Text("KindStructure"),
	DeckEvent:     msgs.Text("KindEvent"),
}
