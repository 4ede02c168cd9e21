package images

import (
	"image"
	"sync"
)

type backgroundKey struct {
	name string
	w, h int
}

type background struct {
	once sync.Once
	img  *image.RGBA
}

var (
	backgroundsMu sync.Mutex // backgroundsMu protects backgrounds
	backgrounds   = map[backgroundKey]*background{}
)

// Background returns the background named name (usually the game id plus a
// variant) at the given size, painting it with paint the first time it is
// asked for. Later calls, from any goroutine, share the cached pixels: treat
// them as read-only and start each picture with NewFrame.
func Background(name string, w, h int, paint func(*Canvas)) *image.RGBA {
	k := backgroundKey{name, w, h}
	backgroundsMu.Lock()
	b, ok := backgrounds[k]
	if !ok {
		b = &background{}
		backgrounds[k] = b
	}
	backgroundsMu.Unlock()
	b.once.Do(func() {
		c := NewCanvas(w, h)
		paint(c)
		b.img = c.RGBA()
		c.release()
	})
	return b.img
}
