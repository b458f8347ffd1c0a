// Package diag carries the positions and messages of authoring errors.
//
// Every mistake an author can make is reported as an [Error]: the file, the
// 1-based line and column, what was expected, and, where one is close
// enough, a suggestion of the nearest valid word. The site builder, the
// lesson-block parsers and the CLI all speak this one type, so an error
// prints the same way wherever it is found:
//
//	lessons/01-actors/01-who.md:3:1: unknown front matter key "titel"; did you mean "title"?
package diag
