package images

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"sync"
)

// bufferPool lets the PNG encoder reuse its buffers across pictures.
type bufferPool struct{ p sync.Pool }

func (b *bufferPool) Get() *png.EncoderBuffer {
	e, _ := b.p.Get().(*png.EncoderBuffer)
	return e
}

func (b *bufferPool) Put(e *png.EncoderBuffer) { b.p.Put(e) }

// encoder favours speed: BestSpeed is several times faster than the default
// level for a few percent more bytes.
var encoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &bufferPool{}}

// EncodePNG encodes img as PNG quickly.
func EncodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(128 << 10)
	if err := encoder.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("encode png: %w", err)
	}
	return buf.Bytes(), nil
}
