package xibalba

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
)

// emit records an event formatted in both languages. A games.Text among
// args is put in as its English or German form.
func (g *game) emit(reveal bool, en, de string, args ...any) {
	g.say(reveal, textf(en, de, args...))
}

func inLang(args []any, lang games.Lang) []any {
	out := make([]any, len(args))
	for i, a := range args {
		if t, ok := a.(games.Text); ok {
			a = t.In(lang)
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

// textf formats a text in both languages; a games.Text among args is put
// in as its English or German form.
func textf(en, de string, args ...any) games.Text {
	return games.T(fmt.Sprintf(en, inLang(args, games.English)...), fmt.Sprintf(de, inLang(args, games.German)...))
}

// rerollLabel labels the re-roll of some dice (numbers idx, "1,3"): their
// faces and numbers, or the numbers alone where the faces would make the
// label longer than a button takes.
func rerollLabel(idx string, dice []die) games.Text {
	faces := facesText(dice)
	label := textf("Re-roll %s (dice %s)", "Neu würfeln: %s (Würfel %s)", faces, idx)
	if utf8.RuneCountInString(label.EN) > maxLabel || utf8.RuneCountInString(label.DE) > maxLabel {
		label = textf("Re-roll dice %s", "Würfel %s neu würfeln", idx)
	}
	return label
}

// maxLabel is the longest move label, in characters.
const maxLabel = 80
