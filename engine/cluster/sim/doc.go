// Package sim is the model's clock, its event loop and its only source of
// randomness.
//
// Guarantees:
//
//   - Time is virtual. A [Time] is an offset from the start of the run; it
//     moves only when the [Loop] runs an event, and never by itself.
//   - Events run one at a time, on the caller's goroutine, ordered by
//     (time, sequence): two events due at the same instant run in the order
//     they were scheduled. An event scheduled in the past runs at the current
//     instant, after those already due.
//   - A stopped [Timer] never fires.
//   - [Rand] is a seeded PCG generator. The same seed gives the same
//     sequence of numbers, names and UIDs on every platform and Go release
//     that keeps math/rand/v2's PCG stable (it is specified by the package).
//
// Nothing here reads the wall clock. [Epoch] is a fixed instant used only to
// print a virtual [Time] as an RFC 3339 timestamp, the way metadata such as
// creationTimestamp is shown.
package sim
