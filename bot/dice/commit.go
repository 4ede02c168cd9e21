package dice

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// nonceSep separates the result text from the nonce in a private roll's
// preimage: "<result> | nonce <hex>".
const nonceSep = " | nonce "

// Commit makes the commitment of a private roll whose result reads result:
// the preimage the roller keeps ("<result> | nonce <hex of nonce>") and its
// public commitment (see Commitment). nonce should be secret and random, so
// that the result cannot be guessed from the commitment.
func Commit(result string, nonce []byte) (preimage, commitment string) {
	preimage = result + nonceSep + hex.EncodeToString(nonce)
	return preimage, Commitment(preimage)
}

// Commitment is the public commitment of a private roll's preimage: the
// first 16 hex digits of SHA-256(preimage).
func Commitment(preimage string) string {
	sum := sha256.Sum256([]byte(preimage))
	return hex.EncodeToString(sum[:])[:16]
}

// Result is the result text of a preimage Commit made; false when
// preimage is not of that form.
func Result(preimage string) (result string, ok bool) {
	result, _, ok = strings.Cut(preimage, nonceSep)
	if !ok {
		return "", false
	}
	return result, true
}
