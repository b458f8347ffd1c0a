package trace

import (
	"encoding/binary"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// The fields of an encoded packed event, as bits of the mask it starts
// with: a set bit is a field that differs from the event before, and its
// value follows. The fields that change from one event to the next most
// often come first, so the mask of most events is one byte.
const (
	fieldTime = 1 << iota
	fieldVerb
	fieldPhaseWatch
	fieldCode
	fieldRVBefore
	fieldRVAfter
	fieldDetail
	fieldName
	fieldNamespace
	fieldResource
	fieldSubresource
	fieldGroup
	fieldFrom
	fieldTo
	fieldReason
	fieldMessage
)

// encode appends to data the event cur, as it differs from prev: the
// mask of differing fields as a uvarint, then each differing field in
// the mask's order, the time as the zigzag varint of its distance from
// prev's, numbers as uvarints, the code as a varint, the verb and the
// phase and watch type as a byte each.
func encode(data []byte, prev, cur *packedEvent) []byte {
	var mask uint64
	set := func(bit uint64, differs bool) {
		if differs {
			mask |= bit
		}
	}
	set(fieldTime, cur.time != prev.time)
	set(fieldVerb, cur.verb != prev.verb)
	set(fieldPhaseWatch, cur.phaseWatch != prev.phaseWatch)
	set(fieldCode, cur.code != prev.code)
	set(fieldRVBefore, cur.rvBefore != prev.rvBefore)
	set(fieldRVAfter, cur.rvAfter != prev.rvAfter)
	set(fieldDetail, cur.detail != prev.detail)
	set(fieldName, cur.name != prev.name)
	set(fieldNamespace, cur.namespace != prev.namespace)
	set(fieldResource, cur.resource != prev.resource)
	set(fieldSubresource, cur.subresource != prev.subresource)
	set(fieldGroup, cur.group != prev.group)
	set(fieldFrom, cur.from != prev.from)
	set(fieldTo, cur.to != prev.to)
	set(fieldReason, cur.reason != prev.reason)
	set(fieldMessage, cur.message != prev.message)
	data = binary.AppendUvarint(data, mask)
	if mask&fieldTime != 0 {
		data = binary.AppendVarint(data, int64(cur.time-prev.time))
	}
	if mask&fieldVerb != 0 {
		data = append(data, byte(cur.verb))
	}
	if mask&fieldPhaseWatch != 0 {
		data = append(data, cur.phaseWatch)
	}
	if mask&fieldCode != 0 {
		data = binary.AppendVarint(data, int64(cur.code))
	}
	for _, f := range [...]struct {
		bit uint64
		v   uint32
	}{
		{fieldRVBefore, cur.rvBefore}, {fieldRVAfter, cur.rvAfter}, {fieldDetail, uint32(cur.detail)},
		{fieldName, uint32(cur.name)}, {fieldNamespace, uint32(cur.namespace)},
		{fieldResource, uint32(cur.resource)}, {fieldSubresource, uint32(cur.subresource)},
		{fieldGroup, uint32(cur.group)}, {fieldFrom, uint32(cur.from)}, {fieldTo, uint32(cur.to)},
		{fieldReason, uint32(cur.reason)}, {fieldMessage, uint32(cur.message)},
	} {
		if mask&f.bit != 0 {
			data = binary.AppendUvarint(data, uint64(f.v))
		}
	}
	return data
}

// decode reads from data the event encode appended after e, leaves it
// in e and returns the rest of data. data is the log's own encoding:
// decode trusts it.
func decode(data []byte, e *packedEvent) []byte {
	mask, n := binary.Uvarint(data)
	data = data[n:]
	if mask&fieldTime != 0 {
		d, n := binary.Varint(data)
		e.time += sim.Time(d)
		data = data[n:]
	}
	if mask&fieldVerb != 0 {
		e.verb, data = Verb(data[0]), data[1:]
	}
	if mask&fieldPhaseWatch != 0 {
		e.phaseWatch, data = data[0], data[1:]
	}
	if mask&fieldCode != 0 {
		c, n := binary.Varint(data)
		e.code, data = int16(c), data[n:]
	}
	next := func() uint32 {
		v, n := binary.Uvarint(data)
		data = data[n:]
		return uint32(v)
	}
	if mask&fieldRVBefore != 0 {
		e.rvBefore = next()
	}
	if mask&fieldRVAfter != 0 {
		e.rvAfter = next()
	}
	for _, f := range [...]struct {
		bit uint64
		p   *uint16
	}{
		{fieldDetail, &e.detail}, {fieldName, &e.name}, {fieldNamespace, &e.namespace},
		{fieldResource, &e.resource}, {fieldSubresource, &e.subresource}, {fieldGroup, &e.group},
		{fieldFrom, &e.from}, {fieldTo, &e.to}, {fieldReason, &e.reason}, {fieldMessage, &e.message},
	} {
		if mask&f.bit != 0 {
			*f.p = uint16(next())
		}
	}
	return data
}
