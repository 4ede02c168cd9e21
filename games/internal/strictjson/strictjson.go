// Package strictjson decodes the JSON an engine reads (its data files and
// its saved states) strictly: a field the target does not have, or anything
// after the value, is an error, so that a misspelt key in a group's own data
// is reported instead of silently ignored.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
)

// ErrTrailingData reports data after the top-level value.
var ErrTrailingData = errors.New("data after the top-level value")

// Unmarshal decodes data into v, refusing unknown fields and trailing data.
func Unmarshal(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return ErrTrailingData
	}
	return nil
}
