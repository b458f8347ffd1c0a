package flowcontrol

import "testing"

func TestLimits(t *testing.T) {
	type row struct{ nominal, lendable, min, max, seats int }
	tests := []struct {
		name   string
		cfg    Config
		server int
		want   map[string]row
	}{
		{
			// 600 seats over 245 shares (exempt's 0 included); the
			// ceilings make the levels' sum 602.
			name: "default flags", cfg: Config{}, server: 600,
			want: map[string]row{
				LevelExempt:         {0, 0, 0, 600, 10},
				LevelSystem:         {74, 24, 50, 674, 10},
				LevelNodeHigh:       {98, 25, 73, 698, 10},
				LevelLeaderElection: {25, 0, 25, 625, 4},
				LevelWorkloadHigh:   {98, 49, 49, 698, 10},
				LevelWorkloadLow:    {245, 221, 24, 845, 10},
				LevelGlobalDefault:  {49, 25, 24, 649, 8},
				LevelCatchAll:       {13, 0, 13, 613, 10},
			},
		},
		{
			name: "100 seats", cfg: Config{MaxRequestsInFlight: 60, MaxMutatingRequestsInFlight: 40}, server: 100,
			want: map[string]row{
				LevelExempt:         {0, 0, 0, 100, 10},
				LevelSystem:         {13, 4, 9, 113, 2},
				LevelNodeHigh:       {17, 4, 13, 117, 2},
				LevelLeaderElection: {5, 0, 5, 105, 1},
				LevelWorkloadHigh:   {17, 9, 8, 117, 2},
				LevelWorkloadLow:    {41, 37, 4, 141, 6},
				LevelGlobalDefault:  {9, 5, 4, 109, 1},
				LevelCatchAll:       {3, 0, 3, 103, 10},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.cfg.ServerConcurrencyLimit(); got != tc.server {
				t.Fatalf("ServerConcurrencyLimit = %d, want %d", got, tc.server)
			}
			stats := New(tc.cfg).Stats(0)
			if len(stats) != len(tc.want) {
				t.Fatalf("%d levels, want %d", len(stats), len(tc.want))
			}
			for _, s := range stats {
				w, ok := tc.want[s.Name]
				got := row{s.NominalCL, s.LendableCL, s.MinCL, s.MaxCL, s.MaxSeats}
				if !ok || got != w {
					t.Errorf("%s: (nominal, lendable, min, max, seats) = %v, want %v", s.Name, got, w)
				}
			}
		})
	}
}

func TestQueueWaitLimit(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"default --request-timeout 60s", Config{}, "15s"},
		{"--request-timeout 20s", Config{RequestTimeout: 20e9}, "5s"},
		{"capped at a minute", Config{RequestTimeout: 600e9}, "1m0s"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := New(tc.cfg).QueueWaitLimit().String(); got != tc.want {
				t.Errorf("QueueWaitLimit = %s, want %s", got, tc.want)
			}
		})
	}
}
