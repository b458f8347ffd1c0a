package sim_test

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

func ExampleLoop() {
	l := sim.NewLoop()
	renew := l.After(10*time.Second, func() { fmt.Println(l.Now(), "renew lease") })
	l.After(2*time.Second, func() { fmt.Println(l.Now(), "schedule pod") })
	l.After(65200*time.Millisecond, func() { fmt.Println(l.Now(), "evict") })
	renew.Stop()
	l.Run()
	// Output:
	// 2.000s schedule pod
	// 1m05.200s evict
}

func ExampleRand_GenerateSuffix() {
	r := sim.NewRand(1)
	name := "web-7c9d4-" + r.GenerateSuffix()
	fmt.Println(len(name), name[:10])
	// Output: 15 web-7c9d4-
}
