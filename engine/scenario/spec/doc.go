// Package spec is the typed syntax tree of the executable lesson blocks
// (scenario, failures, whatif, gates, quiz, map) and of cluster fixtures,
// with their parsers. It runs nothing: the engine interprets these types.
//
// # Parsing and positions
//
// [Parse] reads one block body and [ParseFixture] one fixture file. Every
// node keeps the lesson position (file:line:col) of its first character:
// a block's positions count from the position of its first body line,
// columns included (a block inside a list item starts to the right), so an
// error names the lesson's line, never the block's. Words inside a claim
// or pattern point at themselves, whether the text was written plain,
// quoted or as a block scalar.
//
// Errors are collected, not stopped at: a parse returns every error found,
// sorted, as a diag.List, each with what was expected and, where one is
// near, the valid word meant. Names that depend on the site (users, nodes,
// fixtures, scenario ids, actors, kinds) are checked by a second pass,
// Block.Check, against a [Vocabulary]; [DefaultVocabulary] knows the
// format's fixed actor ids and the built-in kinds, and
// [Vocabulary.WithFixture] adds a fixture's users, nodes, replica counts
// and custom resources.
//
// # Trace patterns
//
// A step's expect, and the events claims name, are patterns:
//
//	PATTERN   = ACTOR VERB [QUALIFIER] [RESOURCE] [OBJECT] { CLAUSE }
//	ACTOR     = an actor id: alice, apiserver, apiserver-2, etcd, scheduler,
//	            deployment-controller, kubelet/worker-a, runtime/worker-a,
//	            proxy/worker-a, fault, …; "*" is a wildcard (kubelet/*), and a
//	            family name alone (kubelet, runtime, proxy) stands for every
//	            node's (see ActorGlob)
//	VERB      = a trace verb, exactly as the trace writes it: GET LIST WATCH
//	            CREATE UPDATE PATCH DELETE DELETECOLLECTION ROUTE AUTHENTICATE
//	            PRIORITIZE AUTHORIZE DECODE ADMIT VALIDATE PERSIST AUDIT
//	            NOTIFY RECONCILE FILTER SCORE ELECT CRI.* CNI.* CSI.* PROBE SYNC PROXY
//	            WEBHOOK EXTERNAL HTTP FAULT RESTORE
//	QUALIFIER = after NOTIFY, the watch event type: ADDED MODIFIED DELETED
//	            BOOKMARK ERROR; after ADMIT, the phase: mutating validating;
//	            after AUDIT, the audit stage: RequestReceived ResponseStarted
//	            ResponseComplete Panic
//	RESOURCE  = RESOURCE[.GROUP][/SUBRESOURCE], lower case as in API paths
//	            (deployments, deployments.apps, pods/binding, pods/status)
//	OBJECT    = NAMESPACE/NAME, or NAME for a cluster-scoped object, or an
//	            API path for a non-resource request (/version)
//	CLAUSE    = xN          N events (N >= 1)
//	          | all         every matching event
//	          | to ACTOR    the addressed actor
//	          | => OUTCOME  ok, failed, a status code, a reason, or both
//	                        (=> 403 Forbidden)
//
// "*" is a wildcard in ACTOR, RESOURCE and OBJECT. A resource written
// without "/SUB" matches only calls without a subresource, as
// trace.Resource does; "pods/*" matches every Pod subresource.
//
// One word after the verb (and qualifier) is the OBJECT when it starts
// with "/" or when the verb is about one thing rather than an API
// resource: AUTHENTICATE (the word is the user the request authenticated
// as, which the trace records as the event's name: "apiserver
// AUTHENTICATE alice"), FILTER, SCORE, ELECT, the node-local verbs (CRI.*,
// CNI.*, CSI.*, PROBE, SYNC), EXTERNAL, HTTP, FAULT and RESTORE. After any
// other verb it is the RESOURCE. Two words are always RESOURCE OBJECT;
// AUTHENTICATE takes only the user. The words all, to, before, xN, "=>"
// and "->" are reserved.
//
// Examples, from the first course's conversations:
//
//	alice CREATE deployments demo/web
//	apiserver AUTHENTICATE alice
//	apiserver ADMIT validating deployments demo/web => 403 Forbidden
//	apiserver PERSIST deployments demo/web to etcd
//	apiserver NOTIFY ADDED deployments demo/web to deployment-controller
//	scheduler CREATE pods/binding demo/* x3
//	kubelet/* PATCH pods/status demo/web-*
//	kubelet/worker-a CRI.StartContainer demo/web-a
//	apiserver PROXY pods/log demo/web-a to kubelet/worker-a
//	alice GET /version
//	proxy/worker-a SYNC
//	client HTTP services demo/web
//
// # Claims
//
// One claim per line; each form is one type (see [Claim]):
//
//	never A -> B                     no event from actor A to actor B
//	A -> B                           at least one
//	OBJECTS .path OP VALUE [AFTER]   an object's field, at the end or AFTER
//	OBJECTS .path exists|missing [AFTER]
//	OBJECTS .path matches /RE/ [AFTER]
//	count KIND [NS] [SELECTOR] OP N [AFTER]  the number of objects
//	events PATTERN OP N              the number of events matching PATTERN
//	always CLAIM                     after every event of the run
//	eventually CLAIM                 after some event
//	values KIND NS/NAME .path == [V1, V2, …]   the successive distinct values
//	unchanged OBJECTS .path          the same at the end as at the start
//	changed OBJECTS .path            different
//	no PATTERN                       no event matches
//	PATTERN before PATTERN           the first precedes every event of the second
//	elapsed PATTERN -> PATTERN in [MIN, MAX]   virtual time between the first events
//	response ID .code|.reason|.message|.output OP VALUE   the response to action ID
//	stored revision unchanged        no write reached the store
//
//	OBJECTS  = KIND NS/NAME | KIND NAME | KIND SELECTOR | KIND NS SELECTOR
//	           (NAME may hold "*": pod demo/web-*; a claim on several
//	           objects holds for each, and at least one must exist)
//	SELECTOR = KEY=VALUE or KEY!=VALUE terms joined by commas; keys under
//	           metadata., spec. and status. select fields (status.phase=Pending),
//	           others labels (app=web)
//	OP       = == != < <= > >=
//	VALUE    = a word, a number or a "double-quoted text"; unquoted
//	           numbers compare as numbers
//	AFTER    = after "Step title" | after ACTION_ID
//	.path    = field path: .name, [N], [key=value], ["dotted.key"]
//	           (.status.conditions[type=Ready].status,
//	           .metadata.annotations["deployment.kubernetes.io/revision"]),
//	           parsed by the object model's ParsePath
//	KIND     = a resource, singular, short name or kind (pod, pods, po, Pod)
//	NS       = a namespace, or "*" for all
//
// always and eventually wrap any other claim but not each other. A claim
// string is a YAML scalar: quote it when it holds ": " or starts with a
// character YAML reserves ("[", "{", "*", "&", "!", "%", "@", "`").
//
// # Faults
//
//	crash container NAMESPACE/POD
//	kill node NODE
//	kill controller-manager [NAME]
//	kill scheduler [NAME]
//	stop apiservers
//	kill apiserver NAME
//	block webhook NAME
//	break rbac USER
//	break etcd
//	overload api [CLIENT]
//	remove kube-proxy [NODE]
//
// Replicas are named as the trace names actors: apiserver, apiserver-2, …
//
// # Actions
//
// A scenario's run is a list of actions (see [Action]); each may carry an
// id for claims. API actions name the user with "as" and one of apply,
// create (YAML text), get, delete (KIND [NS/]NAME), patch (+ with: a merge
// patch), scale (+ replicas), logs, exec (pod NS/NAME; exec + command) or
// raw (METHOD /path, + body), poll (KIND [NS], + every and for: LIST
// every period) or watch (KIND [NS], + for: LIST once, then WATCH). The
// others are fault, restore (a fault), load (NAMESPACE SELECTOR, + cpu:
// the CPU the selected Pods' traffic costs, for metrics),
// traffic (SRC -> service NS/NAME [xN]), wait (a duration: 30s, 5m) and
// until (a claim, + limit).
package spec
