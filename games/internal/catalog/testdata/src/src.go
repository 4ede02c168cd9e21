package src

const idSwap = "Swap"

func use() {
	msgs.Text("Loots", "a", 1)
	msgs.Count("Moves", 2, "a", 2)
	msgs.Text(idSwap, "a", "b", "c")
	msgs.Text("Missing")
	other.Text("NotOurs")
	msgs.Text(dynamic)
}

func more() {
	msgs.Text("Blocks")
	msgs.Text("Equips")
}
