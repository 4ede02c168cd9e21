package games

// SettingGroup is the Move.Group of standing choices (a block policy, an
// auto-pass switch): moves any seat may make at any time that do not answer
// the decision at hand. The bot keeps them out of the decision's buttons
// and offers them in /move autocomplete and /hand instead.
const SettingGroup = "setting"

// Standing is implemented by a view that tells its seat's standing choices
// as they stand now, one line each, such as "Blocking: ask me each time":
// the seat's panel shows them, and the SettingGroup moves, which leave the
// current choice out, offer the others. A spectator's view has none.
type Standing interface {
	Standing() []Text
}
