package web

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ErrBadLink is returned for a private link that is malformed, tampered
// with, expired, or made for a player who no longer holds the seat. The
// page answers all of them alike, with a bare 403.
var ErrBadLink = errors.New("web: invalid private link")

// Signer makes and checks the private links of seats: an HMAC-SHA256 over
// the table, the seat, the user holding the seat, the seat's link
// generation (db.Seat.LinkGen) and the expiry, keyed with the server's
// secret. A link is void once it expires, once another user holds the seat,
// or once the seat's link generation has been raised (the player voided
// their links).
type Signer struct {
	secret []byte
}

// NewSigner returns a signer keyed with secret, which must have at least 16
// bytes.
func NewSigner(secret []byte) (*Signer, error) {
	if len(secret) < 16 {
		return nil, fmt.Errorf("web: secret has %d bytes, need at least 16", len(secret))
	}
	return &Signer{secret: append([]byte(nil), secret...)}, nil
}

// Token returns the token of a private link: "seat.expiry.signature",
// with the expiry in Unix seconds.
func (s *Signer) Token(table int64, seat int, holder Holder, expiry time.Time) string {
	exp := expiry.Unix()
	return strconv.Itoa(seat) + "." + strconv.FormatInt(exp, 10) + "." +
		base64.RawURLEncoding.EncodeToString(s.mac(table, seat, holder, exp))
}

// mac is the HMAC of one link's facts, each of fixed width or length-prefixed
// so that no two sets of facts share an input.
func (s *Signer) mac(table int64, seat int, holder Holder, exp int64) []byte {
	h := hmac.New(sha256.New, s.secret)
	var b [8 * 5]byte
	binary.BigEndian.PutUint64(b[0:], uint64(table))
	binary.BigEndian.PutUint64(b[8:], uint64(int64(seat)))
	binary.BigEndian.PutUint64(b[16:], uint64(exp))
	binary.BigEndian.PutUint64(b[24:], uint64(int64(holder.LinkGen)))
	binary.BigEndian.PutUint64(b[32:], uint64(len(holder.UserID)))
	h.Write([]byte("pbc-web-seat-v2"))
	h.Write(b[:])
	h.Write([]byte(holder.UserID))
	return h.Sum(nil)
}

// TableKey returns the key of a table's public link: the first 16 bytes of
// an HMAC of the table id, so that nobody finds the pages of tables by
// counting ids (a table of a private server is no one else's business).
func (s *Signer) TableKey(table int64) string {
	h := hmac.New(sha256.New, s.secret)
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(table))
	h.Write([]byte("pbc-web-table-v1"))
	h.Write(b[:])
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:16])
}

// VerifyTableKey reports whether key is the key of table's public link.
func (s *Signer) VerifyTableKey(table int64, key string) bool {
	return hmac.Equal([]byte(key), []byte(s.TableKey(table)))
}

// ParseToken splits a token into its seat, expiry and signature without
// checking it; Verify does.
func ParseToken(token string) (seat int, exp int64, sig []byte, err error) {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return 0, 0, nil, ErrBadLink
	}
	seat, err1 := strconv.Atoi(parts[0])
	exp, err2 := strconv.ParseInt(parts[1], 10, 64)
	sig, err3 := base64.RawURLEncoding.DecodeString(parts[2])
	if err1 != nil || err2 != nil || err3 != nil || seat < 0 || len(sig) != sha256.Size {
		return 0, 0, nil, ErrBadLink
	}
	return seat, exp, sig, nil
}

// Holder is what a private link is made for besides its table, seat and
// expiry: the user who holds the seat and the seat's link generation.
type Holder struct {
	UserID  string
	LinkGen int
}

// Verify checks a token for table against the user who holds its seat now
// and the seat's link generation (holderOf returns a zero UserID for a seat
// nobody holds, such as a bot's). It returns the seat, or ErrBadLink.
func (s *Signer) Verify(table int64, token string, now time.Time, holderOf func(seat int) Holder) (int, error) {
	seat, exp, sig, err := ParseToken(token)
	if err != nil {
		return 0, err
	}
	holder := holderOf(seat)
	if holder.UserID == "" || !hmac.Equal(sig, s.mac(table, seat, holder, exp)) || now.Unix() >= exp {
		return 0, ErrBadLink
	}
	return seat, nil
}
