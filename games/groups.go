package games

// SettingGroup is the Move.Group of standing choices (a block policy, an
// auto-pass switch): moves any seat may make at any time that do not answer
// the decision at hand. The bot keeps them out of the decision's buttons
// and offers them in /move autocomplete and /hand instead.
const SettingGroup = "setting"
