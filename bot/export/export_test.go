package export

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"testing"
)

func TestVerifyRefuses(t *testing.T) {
	secret := make([]byte, 32)
	_, commitment := DeriveSeed(secret)
	for _, tc := range []struct {
		name string
		data string
		want error
	}{
		{"a running table's export", `{"game": "xibalba", "commitment": "` + commitment + `"}`, ErrIncomplete},
		{"another commitment", `{"game": "xibalba", "seed_secret": "` + hex.EncodeToString(secret) + `", "commitment": "00"}`, ErrCommitment},
		{"another seed", `{"game": "xibalba", "seed": 1, "seed_secret": "` + hex.EncodeToString(secret) + `", "commitment": "` + commitment + `"}`, ErrSeed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := Verify([]byte(tc.data)); !errors.Is(err, tc.want) {
				t.Errorf("Verify = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestDeriveSeed(t *testing.T) {
	secret := []byte("0123456789abcdef0123456789abcdef")
	seed, commitment := DeriveSeed(secret)
	sum := sha256.Sum256(secret)
	if commitment != hex.EncodeToString(sum[:]) {
		t.Errorf("commitment %s, want the hex SHA-256 of the secret", commitment)
	}
	var want uint64
	for _, b := range sum[:8] {
		want = want<<8 | uint64(b)
	}
	if seed != want {
		t.Errorf("seed %d, want %d (the first 8 bytes of the SHA-256, big-endian)", seed, want)
	}
}
