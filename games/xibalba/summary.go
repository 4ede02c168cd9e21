package xibalba

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/playbychat/pbc/games"
)

// summaryMax is the longest Card.Summary in runes per language: Discord's
// limit for a select option's description.
const summaryMax = 100

// shortEN and shortDE shorten the recurring phrases of the cards' rules
// texts without changing what they say, so that the texts fit summaryMax.
var (
	shortEN = strings.NewReplacer(
		"Action phase, once per turn – ", "Once per turn, ",
		"use up a critical hit", "spend a crit",
		"use up an attack symbol", "spend an attack symbol",
		"use up a blank", "spend a blank",
		"; at 0 it is destroyed and the ark stays empty", " (destroyed at 0)",
		"An enemy soldier in the ark", "An enemy ark soldier",
		"an enemy soldier in the ark", "an enemy ark soldier",
		" of an enemy of your choice", " of any enemy",
		" from an enemy of your choice", " from any enemy",
		" (at most 4 of a type)", " (max. 4 a type)",
		" and put the result straight into your action pool", " into your action pool",
		"oll 1 paragon die and gain the paragon rolled", "oll 1 paragon die for paragon",
		" (also when blocking)", "",
		"Permanent: your soldiers in your warhost", "Permanent: your warhost soldiers",
		"the active soldier in the warhost of an enemy of your choice if its resistance is ", "an enemy's active warhost soldier of resistance ",
		"remove 1 resource die and 1 attack die", "remove 1 resource and 1 attack die",
		", as far as there are any", ", if any",
		", if there is one", ", if any",
		"if you control the ark, your soldier there gains", "your soldier in the ark gains",
		"life points", "life",
		"life point", "life",
		" from your dice pool", " from your pool",
		" to your dice pool", " to your pool",
		" this turn", "",
		" in each of your turns", " each turn",
	)
	shortDE = strings.NewReplacer(
		"Aktionsphase, einmal pro Zug – gib einen kritischen Treffer ab: ", "1× pro Zug, für 1 kritischen Treffer: ",
		"Aktionsphase, einmal pro Zug – ", "Einmal pro Zug – ",
		"Vernichte das oberste Gebäude auf einem Ausbaufeld eines Gegners deiner Wahl", "Vernichte das oberste Gebäude eines gegnerischen Ausbaufelds",
		"Vernichte die oberste Karte auf einem Ausbaufeld eines Gegners deiner Wahl", "Vernichte die oberste Karte auf einem gegnerischen Ausbaufeld",
		"; bei 0 wird er vernichtet und die Arche bleibt leer", " (bei 0 vernichtet)",
		" eines Gegners deiner Wahl", " eines Gegners",
		" einem Gegner deiner Wahl", " einem Gegner",
		" (höchstens 4 je Sorte)", " (max. 4 je Sorte)",
		" und lege das Ergebnis direkt in deinen Aktionsvorrat", " direkt in den Aktionsvorrat",
		"Paragonwürfel und erhalte das gewürfelte Paragon", "Paragonwürfel für Paragon",
		" (auch beim Abblocken)", "",
		"den aktiven Soldaten im Kampftrupp eines Gegners deiner Wahl, wenn sein Widerstand höchstens ", "den aktiven Kampftruppsoldaten eines Gegners mit Widerstand bis ",
		" beträgt", "",
		"Nimm 1 Angriffswürfel zusätzlich in deinen Würfelvorrat", "+1 Angriffswürfel im Würfelvorrat",
		"Nimm 1 Ressourcenwürfel zusätzlich in deinen Würfelvorrat", "+1 Ressourcenwürfel im Würfelvorrat",
		"Entferne 1 Ressourcenwürfel und 1 Angriffswürfel aus deinem Würfelvorrat, soweit vorhanden", "je 1 Ressourcen- und Angriffswürfel weniger im Vorrat",
		"Entferne 1 Angriffswürfel aus deinem Würfelvorrat, falls vorhanden", "1 Angriffswürfel weniger im Vorrat",
		"Entferne 1 Ressourcenwürfel aus deinem Würfelvorrat, falls vorhanden", "1 Ressourcenwürfel weniger im Vorrat",
		"Kontrollierst du die Arche, erhält dein Soldat dort", "Dein Soldat in der Arche erhält",
		"Deine Soldaten im Kampftrupp", "Deine Kampftruppsoldaten",
		"Jeder Spieler, auch du, verliert", "Alle, auch du, verlieren",
		"Erhalte ", "+",
		"Verliere ", "−",
		"Du hast in diesem Zug 1 ", "1 ",
		"Ein gegnerischer Soldat in der Arche", "Ein Gegner in der Arche",
		" in diesem Zug", "",
		" in jedem deiner Züge", " je Zug",
		"Lebenspunkte", "Leben",
		"Lebenspunkt", "Leben",
	)
	// freeEN and freeDE match "Perform the common action X for free" (and its
	// German form), said shorter as "Free X".
	freeEN = regexp.MustCompile(`[Pp]erform the common action ([A-Z][a-z]+(?: [A-Z][a-z]+)?) for free`)
	freeDE = regexp.MustCompile(`Führe die allgemeine Aktion (\S+(?: [A-ZÄÖÜ]\S+)?) umsonst aus`)
)

// cardSummary is what a card does in at most summaryMax runes per
// language: a soldier's values where they fit, then the rules text with
// its recurring phrases shortened. It is empty where the Body fits whole.
func (cs *CardSet) cardSummary(c *Card, body games.Text) games.Text {
	if utf8.RuneCountInString(body.EN) <= summaryMax && utf8.RuneCountInString(body.DE) <= summaryMax {
		return games.Text{}
	}
	if c.Summary.EN != "" {
		return c.Summary
	}
	en, de := shortened(c)
	if c.Deck == DeckSoldier {
		stats := msgs.Text("SoldierStats", c.Power, c.Resistance, c.Paragon)
		en, de = withStats(stats.EN, en), withStats(stats.DE, de)
	}
	return games.T(en, de)
}

// shortened is c's rules text with its recurring phrases shortened.
func shortened(c *Card) (en, de string) {
	en = freeEN.ReplaceAllStringFunc(shortEN.Replace(c.Text.EN), func(m string) string {
		free := "free "
		if m[0] == 'P' {
			free = "Free " // at the start of a sentence
		}
		return free + freeEN.FindStringSubmatch(m)[1]
	})
	de = freeDE.ReplaceAllString(shortDE.Replace(c.Text.DE), "$1 umsonst")
	return upperFirst(en), upperFirst(de)
}

// ShortText is what c does in at most 100 characters per language, for
// boards with little room: its rules text where that is short enough, else
// the text with its recurring phrases shortened (as a select option's
// description says it), or the data's Summary where even that is too long.
func (c *Card) ShortText() games.Text {
	if utf8.RuneCountInString(c.Text.EN) <= summaryMax && utf8.RuneCountInString(c.Text.DE) <= summaryMax {
		return c.Text
	}
	if c.Summary.EN != "" {
		return c.Summary
	}
	if short, ok := shortTexts.Load(c); ok {
		return short.(games.Text)
	}
	short := c.Summary
	if en, de := shortened(c); utf8.RuneCountInString(en) <= summaryMax && utf8.RuneCountInString(de) <= summaryMax {
		short = games.T(en, de)
	}
	shortTexts.Store(c, short)
	return short
}

// shortTexts keeps the shortened texts ShortText made, by card: a card's
// data never change once loaded, and boards and panels ask for the same
// cards' texts after every move. It holds one entry per long card of each
// content set loaded.
var shortTexts sync.Map // *Card → games.Text

// withStats puts a soldier's values before its text where both fit.
func withStats(stats, text string) string {
	switch {
	case text == "":
		return stats
	case utf8.RuneCountInString(stats)+3+utf8.RuneCountInString(text) <= summaryMax:
		return stats + " · " + text
	}
	return text
}

// factionSummary is a faction's board in short: its base's resistance and
// productivity by level and what each upgrade costs.
func factionSummary(f *Faction) games.Text {
	var res, prod, up []string
	for i, l := range f.Levels {
		res = append(res, fmt.Sprint(l.Resistance))
		prod = append(prod, fmt.Sprint(l.Productivity))
		if i > 0 {
			up = append(up, fmt.Sprint(l.Cost))
		}
	}
	return msgs.Text("FactionSummary", len(f.Levels), strings.Join(res, "/"), strings.Join(prod, "/"), strings.Join(up, "/"))
}
