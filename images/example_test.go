package images_test

import (
	"fmt"
	"image"

	"github.com/playbychat/pbc/games"
	"github.com/playbychat/pbc/images"
)

// scoreView is the view of a tiny made-up game.
type scoreView struct{ scores []int }

func (scoreView) GameID() string             { return "example-scores" }
func (scoreView) Viewer() games.Seat         { return games.Spectator }
func (scoreView) Describe(games.Lang) string { return "scores" }

// scoreRenderer draws a scoreView: the headline strip with every seat's
// score and the turn's changes, then a panel per seat with its badge and a
// track, on a background cached once per size.
type scoreRenderer struct{}

func (scoreRenderer) Render(v games.View, names []string, lang games.Lang, changes []string) (image.Image, error) {
	sv := v.(scoreView)
	c := images.NewFrame(images.Background("example-scores", images.Width, images.Height, func(c *images.Canvas) {
		c.SetColor(images.ColorBackground)
		c.Clear()
	}))
	h := images.Headline{Game: "Scores", Seats: []int{0}, Doing: images.SeatName(names, 0) + " rolls", Round: "Round 2", Changes: changes}
	for i, score := range sv.scores {
		h.Scores = append(h.Scores, images.Score{Seat: i, Text: fmt.Sprint(score)})
	}
	c.Strip(h)
	for i, score := range sv.scores {
		r := c.Panel(images.Rect{X: 20, Y: images.BodyTop + float64(i)*120, W: images.Width - 40, H: 110}, games.FormatSeats(games.Seatf(games.Seat(i)), names), images.Seat(i).Color)
		c.SeatBadge(r.X+20, r.CY(), 16, i)
		c.Track(images.Rect{X: r.X + 50, Y: r.CY() - 15, W: r.W - 60, H: 30}, score, 10, 20, images.Seat(i).Color)
	}
	return c.RGBA(), nil
}

func (scoreRenderer) Alt(v games.View, names []string, lang games.Lang) string {
	return fmt.Sprintf("Scores: %v", v.(scoreView).scores)
}

// A game registers its renderer once; Render then draws any of its views.
func Example() {
	images.Register("example-scores", scoreRenderer{})
	png, alt, err := images.Render(scoreView{[]int{7, 12}}, []string{"Ana", "Bo"}, games.English, []string{"Ana rolled a 5."})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(png[1:4]), alt)
	// Output: PNG Scores: [7 12]
}
