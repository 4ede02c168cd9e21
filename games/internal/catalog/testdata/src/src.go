package src

const idSwap = "Swap"

func use() {
	msgs.Text("Loots", "a", 1)
	msgs.Text("Loots", "b", 2) // an id used twice is one use
	msgs.Count("Moves", 2, "a", 2)
	msgs.Text(idSwap, "a", "b", "c")
	msgs.Text("Missing")
	msgs.Text("Missing")
	other.Text("NotOurs")
	msgs.Text(dynamic)
}

func more() {
	msgs.Text("Blocks")
	msgs.Text("Equips")
}

func never() { msgs.Text("Never") }
