package images

// A board's drawing uses large buffers: its 5 MB of pixels, the quantiser's
// tables, the palette indices, the compressor's state, the font faces with
// their rasterized glyphs. They are kept for the next board in free lists:
// unlike a sync.Pool, a free list keeps them across garbage collections,
// which a board's few megabytes of allocations bring about often.

// freeList keeps up to its capacity of values for reuse; it is safe for
// concurrent use.
type freeList[T any] chan T

func newFreeList[T any](n int) freeList[T] { return make(freeList[T], n) }

// get returns a kept value, or the zero value and false.
func (f freeList[T]) get() (T, bool) {
	select {
	case v := <-f:
		return v, true
	default:
		var zero T
		return zero, false
	}
}

// put keeps v unless the list is full.
func (f freeList[T]) put(v T) {
	select {
	case f <- v:
	default:
	}
}

// keep is how many values of each kind the lists keep: enough for the
// boards drawn at the same time.
const keep = 4
