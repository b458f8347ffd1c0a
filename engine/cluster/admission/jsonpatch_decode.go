package admission

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// DecodeJSONPatch reads a JSON Patch document: a JSON array of
// operations. Numbers become int64 when whole, float64 otherwise, as in
// object trees.
func DecodeJSONPatch(data []byte) (JSONPatch, error) {
	var raw []struct {
		Op    string          `json:"op"`
		Path  string          `json:"path"`
		From  string          `json:"from"`
		Value json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	p := make(JSONPatch, len(raw))
	for i, r := range raw {
		p[i] = PatchOp{Op: r.Op, Path: r.Path, From: r.From}
		if len(r.Value) == 0 {
			continue
		}
		d := json.NewDecoder(bytes.NewReader(r.Value))
		d.UseNumber()
		var v any
		if err := d.Decode(&v); err != nil {
			return nil, err
		}
		tv, err := treeOfJSON(v)
		if err != nil {
			return nil, fmt.Errorf("operation %d: %w", i, err)
		}
		p[i].Value = tv
	}
	return p, nil
}

// treeOfJSON converts a decoded JSON value with json.Number leaves into a
// tree value.
func treeOfJSON(v any) (any, error) {
	switch t := v.(type) {
	case json.Number:
		if n, err := strconv.ParseInt(string(t), 10, 64); err == nil {
			return n, nil
		}
		return strconv.ParseFloat(string(t), 64)
	case map[string]any:
		for k, e := range t {
			c, err := treeOfJSON(e)
			if err != nil {
				return nil, err
			}
			t[k] = c
		}
		return t, nil
	case []any:
		for i, e := range t {
			c, err := treeOfJSON(e)
			if err != nil {
				return nil, err
			}
			t[i] = c
		}
		return t, nil
	}
	return v, nil
}

// MarshalJSON writes the patch as a JSON array of operations, each with
// its members in sorted order as json-patch's Operation maps marshal.
func (p JSONPatch) MarshalJSON() ([]byte, error) {
	ops := make([]map[string]any, len(p))
	for i, op := range p {
		m := map[string]any{"op": op.Op, "path": op.Path}
		if op.From != "" {
			m["from"] = op.From
		}
		switch op.Op {
		case "add", "replace", "test":
			v, err := object.Normalize(op.Value)
			if err != nil {
				return nil, err
			}
			m["value"] = v
		}
		ops[i] = m
	}
	return json.Marshal(ops)
}
