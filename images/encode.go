package images

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"io"
	"sync"

	"github.com/klauspost/compress/zlib"
)

// EncodePNG encodes img as PNG quickly: a board (a Picture or an RGBA
// picture) as a paletted PNG (see paletted), anything else with the
// standard library's encoder at BestSpeed.
func EncodePNG(img image.Image) ([]byte, error) {
	if p, ok := img.(*Picture); ok {
		img = p.RGBA
	}
	if rgba, ok := img.(*image.RGBA); ok {
		buf, _ := indexBuffers.get()
		if p := paletted(rgba, buf); p != nil {
			defer indexBuffers.put(p.Pix)
			return encodePaletted(p)
		}
	}
	var buf bytes.Buffer
	if err := stdEncoder.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("encode png: %w", err)
	}
	return buf.Bytes(), nil
}

// indexBuffers keeps the palette indices of encoded boards.
var indexBuffers = newFreeList[[]uint8](keep)

// bufferPool lets the standard PNG encoder reuse its buffers.
type bufferPool struct{ p sync.Pool }

func (b *bufferPool) Get() *png.EncoderBuffer {
	e, _ := b.p.Get().(*png.EncoderBuffer)
	return e
}

func (b *bufferPool) Put(e *png.EncoderBuffer) { b.p.Put(e) }

var stdEncoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &bufferPool{}}

// zlibLevel is the compression level of the paletted boards. The standard
// library's PNG encoder can only use compress/zlib, whose fastest level
// takes several times as long as level 6 of klauspost/compress and gives
// larger files; so paletted boards are written by encodePaletted with that
// library's zlib.
const zlibLevel = 6

// zlibWriters keeps the compressors, which are expensive to set up.
var zlibWriters = newFreeList[*zlib.Writer](keep)

// encodePaletted writes p as an 8-bit paletted PNG (PNG specification,
// sections 11.2.2 to 11.2.5): the signature, IHDR, PLTE, one IDAT holding
// every row after a filter byte of 0 (paletted rows gain nothing from the
// filters), and IEND.
func encodePaletted(p *image.Paletted) ([]byte, error) {
	w, h := p.Rect.Dx(), p.Rect.Dy()
	var out bytes.Buffer
	out.Grow(64 << 10)
	out.WriteString("\x89PNG\r\n\x1a\n")

	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // bit depth 8, colour type 3: paletted
	writeChunk(&out, "IHDR", ihdr[:])

	plte := make([]byte, 0, 3*len(p.Palette))
	for _, c := range p.Palette {
		r, g, b, _ := c.RGBA()
		plte = append(plte, uint8(r>>8), uint8(g>>8), uint8(b>>8))
	}
	writeChunk(&out, "PLTE", plte)

	var idat bytes.Buffer
	idat.Grow(64 << 10)
	z, ok := zlibWriters.get()
	if !ok {
		var err error
		if z, err = zlib.NewWriterLevel(&idat, zlibLevel); err != nil {
			return nil, fmt.Errorf("encode png: %w", err)
		}
	}
	defer zlibWriters.put(z)
	z.Reset(&idat)
	row := make([]byte, 1+w) // the filter byte, 0, then the row
	for y := range h {
		copy(row[1:], p.Pix[y*p.Stride:y*p.Stride+w])
		if _, err := z.Write(row); err != nil {
			return nil, fmt.Errorf("encode png: %w", err)
		}
	}
	if err := z.Close(); err != nil {
		return nil, fmt.Errorf("encode png: %w", err)
	}
	writeChunk(&out, "IDAT", idat.Bytes())
	writeChunk(&out, "IEND", nil)
	return out.Bytes(), nil
}

// writeChunk appends a PNG chunk: length, type, data and the CRC of type
// and data.
func writeChunk(out *bytes.Buffer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	out.Write(n[:])
	crc := crc32.NewIEEE()
	io.WriteString(crc, typ)
	crc.Write(data)
	out.WriteString(typ)
	out.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	out.Write(n[:])
}
