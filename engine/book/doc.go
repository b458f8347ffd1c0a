// Package book runs a site's executable lesson blocks and renders them.
//
// A Book is the site builder's site.Book: before any page renders, it
// receives every scenario, failures, whatif, gates, quiz and map block of
// the site, parses them (positioned errors), checks their names against
// the fixtures and the other blocks (a quiz's proof names a scenario, a
// failures block its baseline), runs them on the engine — independent
// runs in parallel, identical runs once, results kept across rebuilds
// while nothing they depend on changes — and checks every step, claim and
// proof. Its Registry then renders each block from its result.
//
// What a build learnt is kept as a Report: one entry per block with its
// counts and problems, which `loopbook check` prints as text, JSON or
// JUnit, and the traces `loopbook trace` shows.
package book
