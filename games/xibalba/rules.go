package xibalba

// table holds every fixed number of the rules that is not card or faction
// data. The dice faces are our ruling (the manual shows the symbols but not
// their distribution); see RULINGS.md.
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
