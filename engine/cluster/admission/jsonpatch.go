package admission

import (
	"errors"
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// PatchOp is one operation of an RFC 6902 JSON Patch.
type PatchOp struct {
	// Op is add, remove, replace, move, copy or test.
	Op string
	// Path is an RFC 6901 JSON Pointer ("/spec/containers/0/image",
	// "/metadata/labels/app.kubernetes.io~1name"; "-" appends to a list).
	Path string
	// From is the source of move and copy.
	From string
	// Value is the value of add, replace and test: a tree value, or any Go
	// value object.Normalize accepts; nil is JSON null.
	Value any
}

// JSONPatch is an RFC 6902 patch, applied the way kube-apiserver applies
// a mutating webhook's patch: with gopkg.in/evanphx/json-patch.v4, whose
// behaviour and messages this follows (negative list indexes count from
// the end; the whole document can only be replaced or tested, not added
// or removed).
type JSONPatch []PatchOp

// The causes json-patch wraps.
var (
	errMissing      = errors.New("missing value")
	errInvalidIndex = errors.New("invalid index referenced")
	errTestFailed   = errors.New("test failed")
)

// Apply returns a patched copy of doc, a tree value; doc is not changed.
// Operations apply in order and the first failure stops the patch.
func (p JSONPatch) Apply(doc any) (any, error) {
	root := object.DeepCopyValue(doc)
	for _, op := range p {
		var err error
		switch op.Op {
		case "add":
			err = patchAdd(&root, op)
		case "remove":
			err = patchRemove(&root, op)
		case "replace":
			err = patchReplace(&root, op)
		case "move":
			err = patchMove(&root, op)
		case "copy":
			err = patchCopy(&root, op)
		case "test":
			err = patchTest(&root, op)
		default:
			err = fmt.Errorf("Unexpected kind: %s", op.Op)
		}
		if err != nil {
			return nil, err
		}
	}
	return root, nil
}

func opValue(op PatchOp) (any, error) { return object.Normalize(op.Value) }

func patchAdd(root *any, op PatchOp) error {
	v, err := opValue(op)
	if err != nil {
		return err
	}
	c, key, ok := findContainer(root, op.Path)
	if !ok {
		return fmt.Errorf("add operation does not apply: doc is missing path: %q: %w", op.Path, errMissing)
	}
	if err := c.add(key, v); err != nil {
		return fmt.Errorf("error in add for path: '%s': %w", op.Path, err)
	}
	return nil
}

func patchRemove(root *any, op PatchOp) error {
	c, key, ok := findContainer(root, op.Path)
	if !ok {
		return fmt.Errorf("remove operation does not apply: doc is missing path: %q: %w", op.Path, errMissing)
	}
	if err := c.remove(key); err != nil {
		return fmt.Errorf("error in remove for path: '%s': %w", op.Path, err)
	}
	return nil
}

func patchReplace(root *any, op PatchOp) error {
	v, err := opValue(op)
	if err != nil {
		return err
	}
	if op.Path == "" {
		// The whole document; json-patch ignores a value that is neither
		// an object nor an array (its error wraps a nil error).
		switch v.(type) {
		case map[string]any, []any:
			*root = v
		}
		return nil
	}
	c, key, ok := findContainer(root, op.Path)
	if !ok {
		return fmt.Errorf("replace operation does not apply: doc is missing path: %s: %w", op.Path, errMissing)
	}
	if _, err := c.get(key); err != nil {
		return fmt.Errorf("replace operation does not apply: doc is missing key: %s: %w", op.Path, errMissing)
	}
	c.set(key, v)
	return nil
}

func patchMove(root *any, op PatchOp) error {
	c, key, ok := findContainer(root, op.From)
	if !ok {
		return fmt.Errorf("move operation does not apply: doc is missing from path: %s: %w", op.From, errMissing)
	}
	v, err := c.get(key)
	if err != nil {
		return fmt.Errorf("error in move for path: '%s': %w", key, err)
	}
	if err := c.remove(key); err != nil {
		return fmt.Errorf("error in move for path: '%s': %w", key, err)
	}
	c, key, ok = findContainer(root, op.Path)
	if !ok {
		return fmt.Errorf("move operation does not apply: doc is missing destination path: %s: %w", op.Path, errMissing)
	}
	if err := c.add(key, v); err != nil {
		return fmt.Errorf("error in move for path: '%s': %w", op.Path, err)
	}
	return nil
}

func patchCopy(root *any, op PatchOp) error {
	c, key, ok := findContainer(root, op.From)
	if !ok {
		return fmt.Errorf("copy operation does not apply: doc is missing from path: %s: %w", op.From, errMissing)
	}
	v, err := c.get(key)
	if err != nil {
		return fmt.Errorf("error in copy for from: '%s': %w", op.From, err)
	}
	c, key, ok = findContainer(root, op.Path)
	if !ok {
		return fmt.Errorf("copy operation does not apply: doc is missing destination path: %s: %w", op.Path, errMissing)
	}
	if err := c.add(key, object.DeepCopyValue(v)); err != nil {
		return fmt.Errorf("error while adding value during copy: %w", err)
	}
	return nil
}

func patchTest(root *any, op PatchOp) error {
	want, err := opValue(op)
	if err != nil {
		return err
	}
	failed := fmt.Errorf("testing value %s failed: %w", op.Path, errTestFailed)
	if op.Path == "" {
		if object.EqualValues(*root, want) {
			return nil
		}
		return failed
	}
	c, key, ok := findContainer(root, op.Path)
	if !ok {
		return fmt.Errorf("test operation does not apply: is missing path: %s: %w", op.Path, errMissing)
	}
	got, err := c.get(key)
	switch {
	case errors.Is(err, errMissing):
		if want == nil {
			return nil // an absent member tests equal to null
		}
		return failed
	case err != nil:
		return fmt.Errorf("error in test for path: '%s': %w", op.Path, err)
	}
	if object.EqualValues(got, want) {
		return nil
	}
	return failed
}
