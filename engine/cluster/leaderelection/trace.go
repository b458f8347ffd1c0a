package leaderelection

import "github.com/loopbook/loopbook/engine/cluster/trace"

// ReasonLost is the outcome reason of the ELECT event of a leader whose
// renewal passed its deadline: the one ELECT outcome that is a failure.
const ReasonLost = "LeaderElectionLost"

// outcome is a change of a candidate's election outcome.
type outcome uint8

const (
	outcomeAcquired  outcome = iota + 1 // this candidate became leader
	outcomeLost                         // this candidate stopped leading
	outcomeNewLeader                    // this candidate observed another leader
)

// elect records an ELECT event from the candidate on its Lease. The
// outcome's message names the holder, in the words of the LeaderElection
// Events client-go records ("<identity> became leader", "<identity>
// stopped leading"; resourcelock RecordEvent); the detail is client-go's
// log line.
func (e *Elector) elect(o outcome) {
	ev := trace.Event{Time: e.loop.Now(), From: e.client.Actor, Verb: trace.Elect,
		Group: "coordination.k8s.io", Resource: "leases", Namespace: e.cfg.Namespace, Name: e.cfg.Name}
	lock := e.lock.Describe()
	switch o {
	case outcomeAcquired:
		ev.Outcome.Message = e.cfg.Identity + " became leader"
		ev.Detail = "successfully acquired lease " + lock
	case outcomeLost:
		ev.Outcome = trace.Outcome{Reason: ReasonLost, Message: e.cfg.Identity + " stopped leading"}
		ev.Detail = "failed to renew lease " + lock + ": context deadline exceeded"
	case outcomeNewLeader:
		ev.Outcome.Message = e.observed.HolderIdentity + " is the leader"
		ev.Detail = "new leader observed on lease " + lock
	}
	e.log.Append(ev)
}
