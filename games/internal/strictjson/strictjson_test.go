package strictjson

import (
	"errors"
	"testing"
)

func TestUnmarshal(t *testing.T) {
	type card struct {
		ID   string `json:"id"`
		Cost int    `json:"cost"`
	}
	for _, c := range []struct {
		name, data string
		ok         bool
	}{
		{"known fields", `{"id": "c1", "cost": 3}`, true},
		{"unknown field", `{"id": "c1", "costs": 3}`, false},
		{"trailing value", `{"id": "c1"} {"id": "c2"}`, false},
		{"trailing space", "{\"id\": \"c1\"}\n", true},
		{"malformed", `{"id": `, false},
	} {
		var got card
		err := Unmarshal([]byte(c.data), &got)
		if (err == nil) != c.ok {
			t.Errorf("%s: error %v, want ok %v", c.name, err, c.ok)
		}
	}
	if err := Unmarshal([]byte(`1 2`), new(int)); !errors.Is(err, ErrTrailingData) {
		t.Errorf("trailing data: %v", err)
	}
}
