package store

// OpKind names a write in a transaction.
type OpKind uint8

const (
	// OpCreate writes a key that must not exist.
	OpCreate OpKind = iota
	// OpPut writes a key whether or not it exists.
	OpPut
	// OpUpdate writes a key that must exist at ModRevision.
	OpUpdate
	// OpDelete removes a key that must exist, at ModRevision unless that
	// is 0.
	OpDelete
)

// Op is one write of a transaction.
type Op[V any] struct {
	Kind  OpKind
	Key   string
	Value V
	// ModRevision is the compare of OpUpdate (required) and OpDelete
	// (0: any).
	ModRevision int64
}

// Create writes key, which must not exist, and returns its new version.
func (s *Store[V]) Create(key string, value V) (KeyValue[V], error) {
	return s.write1(Op[V]{Kind: OpCreate, Key: key, Value: value})
}

// Put writes key whether or not it exists and returns its new version.
func (s *Store[V]) Put(key string, value V) (KeyValue[V], error) {
	return s.write1(Op[V]{Kind: OpPut, Key: key, Value: value})
}

// Update writes key only if it exists with ModRevision modRev (a
// compare-and-swap) and returns its new version.
func (s *Store[V]) Update(key string, modRev int64, value V) (KeyValue[V], error) {
	return s.write1(Op[V]{Kind: OpUpdate, Key: key, Value: value, ModRevision: modRev})
}

// UpdateBytes is Update for a key built in a buffer, which it neither
// keeps nor copies: the write names the key by the string the store
// already holds, so an update of an existing key makes no string of it.
func (s *Store[V]) UpdateBytes(key []byte, modRev int64, value V) (KeyValue[V], error) {
	if ks, _ := s.keys.GetBytes(key); ks != nil {
		return s.Update(ks.key, modRev, value)
	}
	return s.Update(string(key), modRev, value) // fails; the error names the key

}

// Delete removes key, only if it is at ModRevision modRev unless modRev is
// 0, and returns the version it removed and the revision of the delete.
func (s *Store[V]) Delete(key string, modRev int64) (KeyValue[V], int64, error) {
	if err := s.check(Op[V]{Kind: OpDelete, Key: key, ModRevision: modRev}); err != nil {
		return KeyValue[V]{}, 0, err
	}
	s.rev++
	ev := s.apply(Op[V]{Kind: OpDelete, Key: key})
	s.notify()
	return ev.Prev, s.rev, nil
}

// Txn applies ops atomically at one new revision, in order: either every
// compare holds and every op is applied, or nothing is and the revision is
// unchanged. A key may appear only once. It returns the new revision.
func (s *Store[V]) Txn(ops ...Op[V]) (int64, error) {
	if len(ops) == 0 {
		return s.rev, nil
	}
	if len(ops) == 1 {
		if _, err := s.write1(ops[0]); err != nil {
			return s.rev, err
		}
		return s.rev, nil
	}
	seen := make(map[string]bool, len(ops))
	for _, op := range ops {
		if seen[op.Key] {
			return s.rev, &KeyError{Key: op.Key, Err: ErrDuplicateKey}
		}
		seen[op.Key] = true
		if err := s.check(op); err != nil {
			return s.rev, err
		}
	}
	s.rev++
	for _, op := range ops {
		s.apply(op)
	}
	s.notify()
	return s.rev, nil
}

func (s *Store[V]) write1(op Op[V]) (KeyValue[V], error) {
	ks, err := s.checkKey(op)
	if err != nil {
		return KeyValue[V]{}, err
	}
	s.rev++
	ev := s.applyTo(ks, op)
	s.notify()
	return ev.KV, nil
}

// check tests op's precondition against the current state.
func (s *Store[V]) check(op Op[V]) error {
	_, err := s.checkKey(op)
	return err
}

// checkKey is check, also returning the key's state (nil for a key with
// no history).
func (s *Store[V]) checkKey(op Op[V]) (*keyState[V], error) {
	if !s.available {
		return nil, ErrUnavailable
	}
	var cur *record[V]
	ks, _ := s.keys.Get(op.Key)
	if ks != nil {
		if r, ok := ks.live(); ok {
			cur = r
		}
	}
	switch op.Kind {
	case OpCreate:
		if cur != nil {
			return nil, &KeyError{Key: op.Key, Err: ErrKeyExists}
		}
	case OpUpdate, OpDelete:
		if cur == nil {
			return nil, &KeyError{Key: op.Key, Err: ErrKeyNotFound}
		}
		if (op.Kind == OpUpdate || op.ModRevision != 0) && cur.modRev != op.ModRevision {
			return nil, &KeyError{Key: op.Key, Err: ErrConflict, Expected: op.ModRevision, Actual: cur.modRev}
		}
	}
	return ks, nil
}

// apply writes op at the current revision, whose precondition holds, and
// appends its event to the log.
func (s *Store[V]) apply(op Op[V]) Event[V] {
	ks, _ := s.keys.Get(op.Key)
	return s.applyTo(ks, op)
}

// applyTo is apply with the key's state (nil for a key with no history).
func (s *Store[V]) applyTo(ks *keyState[V], op Op[V]) Event[V] {
	if ks == nil {
		ks = s.newKeyState(op.Key)
		s.keys.Put(op.Key, ks)
		s.index.insert(ks)
	}
	var ev Event[V]
	var prev *record[V]
	if len(ks.hist) > 0 {
		if r, ok := ks.live(); ok {
			prev = r
			ev.Prev = ks.kv(r)
		}
	}
	if op.Kind == OpDelete {
		s.live--
		ks.hist = append(ks.hist, record[V]{modRev: s.rev})
		ev.Type = Delete
		ev.KV = KeyValue[V]{Key: op.Key, ModRevision: s.rev}
	} else {
		r := record[V]{modRev: s.rev, createRev: s.rev, version: 1, value: op.Value}
		if prev != nil {
			r.createRev, r.version = prev.createRev, prev.version+1
		} else {
			s.live++
		}
		ks.hist = append(ks.hist, r)
		ev.Type = Put
		ev.KV = ks.kv(&ks.hist[len(ks.hist)-1])
	}
	s.log.append(entryOf(&ev))
	return ev
}
