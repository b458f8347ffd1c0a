package cron

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Schedule is a parsed schedule.
type Schedule interface {
	// Next returns the first activation time after t, or the zero time
	// when there is none within five years.
	Next(t time.Time) time.Time
}

// bounds are a field's range and its names.
type bounds struct {
	min, max uint
	names    map[string]uint
}

var (
	minutes = bounds{0, 59, nil}
	hours   = bounds{0, 23, nil}
	dom     = bounds{1, 31, nil}
	months  = bounds{1, 12, map[string]uint{
		"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
		"jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12}}
	dow = bounds{0, 6, map[string]uint{"sun": 0, "mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6}}
)

// starBit marks a field written * or ?, which changes how day of month
// and day of week combine.
const starBit = 1 << 63

// ParseStandard is cron.ParseStandard.
func ParseStandard(spec string) (Schedule, error) {
	if len(spec) == 0 {
		return nil, errors.New("empty spec string")
	}
	loc := time.UTC
	if strings.HasPrefix(spec, "TZ=") || strings.HasPrefix(spec, "CRON_TZ=") {
		i := strings.Index(spec, " ")
		eq := strings.Index(spec, "=")
		if i < 0 {
			i = len(spec)
		}
		var err error
		if loc, err = time.LoadLocation(spec[eq+1 : i]); err != nil {
			return nil, fmt.Errorf("provided bad location %s: %v", spec[eq+1:i], err)
		}
		spec = strings.TrimSpace(spec[i:])
	}
	if strings.HasPrefix(spec, "@") {
		return parseDescriptor(spec, loc)
	}
	fields := strings.Fields(spec)
	if len(fields) != 5 {
		return nil, fmt.Errorf("expected exactly 5 fields, found %d: %s", len(fields), fields)
	}
	var s SpecSchedule
	s.Location = loc
	s.Second = 1
	for i, f := range []struct {
		bits *uint64
		b    bounds
	}{{&s.Minute, minutes}, {&s.Hour, hours}, {&s.Dom, dom}, {&s.Month, months}, {&s.Dow, dow}} {
		bits, err := getField(fields[i], f.b)
		if err != nil {
			return nil, err
		}
		*f.bits = bits
	}
	return &s, nil
}

// getField reads a comma-separated list of ranges.
func getField(field string, r bounds) (uint64, error) {
	var bits uint64
	for expr := range strings.SplitSeq(field, ",") {
		b, err := getRange(expr, r)
		if err != nil {
			return 0, err
		}
		bits |= b
	}
	return bits, nil
}

// getRange reads number | number "-" number [ "/" number ], or * and ?
// with an optional step.
func getRange(expr string, r bounds) (uint64, error) {
	var start, end, step uint
	rangeAndStep := strings.Split(expr, "/")
	lowAndHigh := strings.Split(rangeAndStep[0], "-")
	singleDigit := len(lowAndHigh) == 1
	var extra uint64
	var err error
	if lowAndHigh[0] == "*" || lowAndHigh[0] == "?" {
		start, end, extra = r.min, r.max, starBit
	} else {
		if start, err = parseIntOrName(lowAndHigh[0], r.names); err != nil {
			return 0, err
		}
		switch len(lowAndHigh) {
		case 1:
			end = start
		case 2:
			if end, err = parseIntOrName(lowAndHigh[1], r.names); err != nil {
				return 0, err
			}
		default:
			return 0, fmt.Errorf("too many hyphens: %s", expr)
		}
	}
	switch len(rangeAndStep) {
	case 1:
		step = 1
	case 2:
		if step, err = mustParseInt(rangeAndStep[1]); err != nil {
			return 0, err
		}
		if singleDigit {
			end = r.max // "N/step" is "N-max/step"
		}
		if step > 1 {
			extra = 0
		}
	default:
		return 0, fmt.Errorf("too many slashes: %s", expr)
	}
	switch {
	case start < r.min:
		return 0, fmt.Errorf("beginning of range (%d) below minimum (%d): %s", start, r.min, expr)
	case end > r.max:
		return 0, fmt.Errorf("end of range (%d) above maximum (%d): %s", end, r.max, expr)
	case start > end:
		return 0, fmt.Errorf("beginning of range (%d) beyond end of range (%d): %s", start, end, expr)
	case step == 0:
		return 0, fmt.Errorf("step of range should be a positive number: %s", expr)
	}
	var bits uint64
	for i := start; i <= end; i += step {
		bits |= 1 << i
	}
	return bits | extra, nil
}

func parseIntOrName(expr string, names map[string]uint) (uint, error) {
	if n, ok := names[strings.ToLower(expr)]; ok {
		return n, nil
	}
	return mustParseInt(expr)
}

func mustParseInt(expr string) (uint, error) {
	n, err := strconv.Atoi(expr)
	if err != nil {
		return 0, fmt.Errorf("failed to parse int from %s: %s", expr, err)
	}
	if n < 0 {
		return 0, fmt.Errorf("negative number (%d) not allowed: %s", n, expr)
	}
	return uint(n), nil
}

// all is every value of r, and the star bit.
func all(r bounds) uint64 {
	var bits uint64
	for i := r.min; i <= r.max; i++ {
		bits |= 1 << i
	}
	return bits | starBit
}

// parseDescriptor reads the @ forms.
func parseDescriptor(spec string, loc *time.Location) (Schedule, error) {
	at := func(minute, hour, d, m, w uint64) *SpecSchedule {
		return &SpecSchedule{Second: 1, Minute: minute, Hour: hour, Dom: d, Month: m, Dow: w, Location: loc}
	}
	switch spec {
	case "@yearly", "@annually":
		return at(1, 1, 1<<dom.min, 1<<months.min, all(dow)), nil
	case "@monthly":
		return at(1, 1, 1<<dom.min, all(months), all(dow)), nil
	case "@weekly":
		return at(1, 1, all(dom), all(months), 1<<dow.min), nil
	case "@daily", "@midnight":
		return at(1, 1, all(dom), all(months), all(dow)), nil
	case "@hourly":
		return at(1, all(hours), all(dom), all(months), all(dow)), nil
	}
	const every = "@every "
	if strings.HasPrefix(spec, every) {
		d, err := time.ParseDuration(spec[len(every):])
		if err != nil {
			return nil, fmt.Errorf("failed to parse duration %s: %s", spec, err)
		}
		return Every(d), nil
	}
	return nil, fmt.Errorf("unrecognized descriptor: %s", spec)
}
