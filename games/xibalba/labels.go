package xibalba

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
)

// emit records an event made by newEvent.
func (g *game) emit(reveal bool, en, de string, args ...any) {
	g.ev = append(g.ev, newEvent(reveal, en, de, args...))
}

// newEvent makes an event whose texts are en and de formatted with args: a
// games.Text among args is put in as its English or German form, and a
// games.Seat as its placeholder, which also lists it in the event's Seats
// (in the order of the arguments, each seat once). Every event of the
// engine is made here, so that Seats always name the seats of the text.
func newEvent(reveal bool, en, de string, args ...any) games.Event {
	e := games.Event{Text: textf(en, de, args...), Reveal: reveal}
	for _, a := range args {
		if s, ok := a.(games.Seat); ok && !slices.Contains(e.Seats, s) {
			e.Seats = append(e.Seats, s)
		}
	}
	return e
}

// textf formats a text in both languages; a games.Text among args is put
// in as its English or German form, a games.Seat as its placeholder.
func textf(en, de string, args ...any) games.Text {
	return games.T(fmt.Sprintf(en, inLang(args, games.English)...), fmt.Sprintf(de, inLang(args, games.German)...))
}

func inLang(args []any, lang games.Lang) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case games.Text:
			a = v.In(lang)
		case games.Seat:
			a = games.Seatf(v)
		}
		out[i] = a
	}
	return out
}

// Counted phrases of XIBALBA's texts, in the form games.Count picks for n.
func resourcesText(n int) games.Text {
	return games.Count(n, games.T("%d resource", "%d Ressource"), games.T("%d resources", "%d Ressourcen"))
}

func diceText(n int) games.Text {
	return games.Count(n, games.T("%d die", "%d Würfel"), games.T("%d dice", "%d Würfel"))
}

func resourceDiceText(n int) games.Text {
	return games.Count(n, games.T("%d resource die", "%d Ressourcenwürfel"), games.T("%d resource dice", "%d Ressourcenwürfel"))
}

func attackDiceText(n int) games.Text {
	return games.Count(n, games.T("%d attack die", "%d Angriffswürfel"), games.T("%d attack dice", "%d Angriffswürfel"))
}

func paragonDiceText(n int) games.Text {
	return games.Count(n, games.T("%d paragon die", "%d Paragonwürfel"), games.T("%d paragon dice", "%d Paragonwürfel"))
}

func paragonText(n int) games.Text {
	return games.Count(n, games.T("%d paragon", "%d Paragon"), games.T("%d paragon", "%d Paragon"))
}

// rerollChangeText says by how many re-rolls a turn's allowance changes:
// "1 more re-roll", "2 fewer re-rolls".
func rerollChangeText(n int) games.Text {
	if n < 0 {
		return games.Count(-n, games.T("%d fewer re-roll", "%d Wiederholungswurf weniger"), games.T("%d fewer re-rolls", "%d Wiederholungswürfe weniger"))
	}
	return games.Count(n, games.T("%d more re-roll", "%d Wiederholungswurf mehr"), games.T("%d more re-rolls", "%d Wiederholungswürfe mehr"))
}

func lifePointsText(n int) games.Text {
	return games.Count(n, games.T("%d life point", "%d Lebenspunkt"), games.T("%d life points", "%d Lebenspunkte"))
}

func symbolsText(n int) games.Text {
	return games.Count(n, games.T("%d symbol", "%d Symbol"), games.T("%d symbols", "%d Symbole"))
}

func critsText(n int) games.Text {
	return games.Count(n, games.T("%d crit", "%d kritischer Treffer"), games.T("%d crits", "%d kritische Treffer"))
}

// faceNames names die faces in texts and the re-roll menu.
var faceNames = map[string]games.Text{
	"r1":       games.T("1 resource", "1 Ressource"),
	"r2":       games.T("2 resources", "2 Ressourcen"),
	"r3":       games.T("3 resources", "3 Ressourcen"),
	"p1":       games.T("1 paragon", "1 Paragon"),
	"p2":       games.T("2 paragon", "2 Paragon"),
	faceAttack: games.T("attack", "Angriff"),
	faceCrit:   games.T("critical hit", "kritischer Treffer"),
	faceBlank:  games.T("blank", "Leerseite"),
}

// faceName names a die face; an unknown face is shown as it is stored.
func faceName(face string) games.Text {
	if t, ok := faceNames[face]; ok {
		return t
	}
	return games.T(face, face)
}

// facesText lists the faces of dice in both languages, "-" for none.
func facesText(ds []die) games.Text {
	if len(ds) == 0 {
		return games.T("-", "-")
	}
	en, de := make([]string, len(ds)), make([]string, len(ds))
	for i, d := range ds {
		n := faceName(d.Face)
		en[i], de[i] = n.EN, n.DE
	}
	return games.T(strings.Join(en, ", "), strings.Join(de, ", "))
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
	dieResource: games.T("resource die", "Ressourcenwürfel"),
	dieAttack:   games.T("attack die", "Angriffswürfel"),
	dieParagon:  games.T("paragon die", "Paragonwürfel"),
}

// dieLabel names a die in the re-roll menu: its face, and its kind where
// the face does not tell it (a blank).
func dieLabel(d die) games.Text {
	if d.Face != faceBlank {
		return faceName(d.Face)
	}
	k := dieKinds[d.Kind]
	return games.T("blank "+k.EN, "leerer "+k.DE)
}

// rerollLabel labels the re-roll of some dice (numbers idx, "1,3"): their
// faces and numbers, or the numbers alone where the faces would make the
// label longer than a button takes. Unlike the log's texts, a blank names
// its kind of die.
func rerollLabel(idx string, dice []die) games.Text {
	en, de := make([]string, len(dice)), make([]string, len(dice))
	for i, d := range dice {
		l := dieLabel(d)
		en[i], de[i] = l.EN, l.DE
	}
	faces := games.T(strings.Join(en, ", "), strings.Join(de, ", "))
	label := textf("Re-roll %s (dice %s)", "Neu würfeln: %s (Würfel %s)", faces, idx)
	if utf8.RuneCountInString(label.EN) > maxLabel || utf8.RuneCountInString(label.DE) > maxLabel {
		label = textf("Re-roll dice %s", "Würfel %s neu würfeln", idx)
	}
	return label
}

// maxLabel is the longest move label, in characters.
const maxLabel = 80

var policyLabels = map[string]games.Text{
	PolicyAsk:     games.T("Blocking: ask me each time", "Abblocken: jedes Mal fragen"),
	PolicyAlways:  games.T("Blocking: always block", "Abblocken: immer"),
	PolicyNever:   games.T("Blocking: never block", "Abblocken: nie"),
	PolicySurvive: games.T("Blocking: only if my blocker survives", "Abblocken: nur wenn mein Soldat überlebt"),
}

func (g *game) actionLabel(seat games.Seat, act string, t games.Text) games.Text {
	c := strconv.Itoa(g.actionCost(seat, act))
	return games.T(t.EN+" ("+c+")", t.DE+" ("+c+")")
}

var phaseNames = map[string]games.Text{
	PhaseFaction: games.T("faction choice", "Fraktionswahl"),
	PhaseEffect:  games.T("effect phase", "Effektphase"),
	PhasePool:    games.T("dice phase: choose pool", "Würfelphase: Würfelvorrat wählen"),
	PhaseDice:    games.T("dice phase: card effects", "Würfelphase: Karteneffekte"),
	PhaseRoll:    games.T("dice phase: keep or re-roll", "Würfelphase: behalten oder neu würfeln"),
	PhaseAction:  games.T("action phase", "Aktionsphase"),
	PhaseOver:    games.T("game over", "Spiel beendet"),
}

var deckTexts = map[string]games.Text{
	DeckSoldier:   games.T("Soldiers", "Soldaten"),
	DeckCivilian:  games.T("Civilians", "Zivilisten"),
	DeckStructure: games.T("Structures", "Gebäude"),
	DeckEvent:     games.T("Events", "Ereignisse"),
}

func deckName(d string) games.Text { return deckTexts[d] }

// actionNames names the faction-priced common actions, for the catalog.
var actionNames = map[string]games.Text{
	ActDiscard:          games.T("discard", "Ablegen"),
	ActReorganize:       games.T("re-organize", "Reorganisieren"),
	ActPharmaceuticals:  games.T("pharmaceuticals", "Medizin"),
	ActWeaponTechnology: games.T("weapon technology", "Waffentechnologie"),
	ActTacticalAssault:  games.T("tactical assault", "Taktischer Angriff"),
	ActHarvest:          games.T("harvest", "Abernten"),
}

// cardKinds names one card of each deck, for the catalog.
var cardKinds = map[string]games.Text{
	DeckSoldier:   games.T("Soldier", "Soldat"),
	DeckCivilian:  games.T("Civilian", "Zivilist"),
	DeckStructure: games.T("Structure", "Gebäude"),
	DeckEvent:     games.T("Event", "Ereignis"),
}
