package markdown

import (
	"strings"
	"testing"
)

// dumpSink writes tokens as "[class text]", plain text as it is, merging
// consecutive tokens of one class as the HTML does.
type dumpSink struct {
	b    strings.Builder
	open string
}

func (s *dumpSink) emit(class, text string) {
	if text == "" {
		return
	}
	if class != s.open {
		if s.open != "" {
			s.b.WriteString("]")
		}
		if class != "" {
			s.b.WriteString("[" + class + " ")
		}
		s.open = class
	}
	s.b.WriteString(text)
}

func dump(scan scanFunc, code string) string {
	var s dumpSink
	scan(&s, code)
	if s.open != "" {
		s.b.WriteString("]")
	}
	return s.b.String()
}

// textSink keeps only the text, to check that scanners lose nothing.
type textSink struct{ strings.Builder }

func (s *textSink) emit(_, text string) { s.WriteString(text) }

func TestScanners(t *testing.T) {
	tests := []struct {
		name string
		scan scanFunc
		code string
		want string
	}{
		{"go declarations", scanGo,
			"package main\n\nimport \"fmt\"\n",
			"[kn package] [nx main]\n\n[kn import] [s \"fmt\"]\n"},
		{"go calls and literals", scanGo,
			"func main() {\n\tx := []int{1, 2.5, 3i}\n\tfmt.Println(len(x), 'a', `raw`, nil) /* c */\n}\n",
			"[kd func] [nf main][p ()] [p {]\n\t[nx x] [o :=] [p []][kt int][p {][mi 1][p ,] [mf 2.5][p ,] [m 3i][p }]\n\t[nx fmt][p .][nf Println][p (][nb len][p (][nx x][p ),] [sc 'a'][p ,] [s `raw`][p ,] [kc nil][p )] [cm /* c */]\n[p }]\n"},
		{"go comment and keywords", scanGo,
			"// Run loops.\nfor range ch {\n\treturn\n}",
			"[c1 // Run loops.]\n[k for] [k range] [nx ch] [p {]\n\t[k return]\n[p }]"},
		{"go fragment with errors", scanGo,
			"x := \"open\n$ # …",
			"[nx x] [o :=] [s \"open]\n$ # …"},
		{"json", scanJSON,
			"{\"a\": [1, -2.5e3, true, null], \"b\": \"x\\\"y\"} // c\n",
			"[p {][nt \"a\"][p :] [p [][mi 1][p ,] [mf -2.5e3][p ,] [kc true][p ,] [kc null][p ],] [nt \"b\"][p :] [s2 \"x\\\"y\"][p }] [c1 // c]\n"},
		{"yaml mappings", scanYAML,
			"--- # doc\nkind: Pod\nmetadata:\n  name: web # the Pod\n  replicas: 3\n  enabled: true\n  url: http://x:80/y\n",
			"[nn ---] [c # doc]\n[nt kind][p :] [l Pod]\n[nt metadata][p :]\n  [nt name][p :] [l web] [c # the Pod]\n  [nt replicas][p :] [m 3]\n  [nt enabled][p :] [kc true]\n  [nt url][p :] [l http://x:80/y]\n"},
		{"yaml flow, anchors, sequences", scanYAML,
			"labels: {app: web, tier: \"fe\"}\nids: &a [1, x]\n- item\n- key: ~\n  other: 'q'\n",
			"[nt labels][p :] [p {][nt app][p :] [l web][p ,] [nt tier][p :] [s2 \"fe\"][p }]\n[nt ids][p :] [nl &a] [p [][m 1][p ,] [l x][p ]]\n[p -] [l item]\n[p -] [nt key][p :] [kc ~]\n  [nt other][p :] [s1 'q']\n"},
		{"yaml block scalar", scanYAML,
			"script: |\n  echo hi # not a comment\n\n  two\nnext: 1\n",
			"[nt script][p :] [p |]\n[s   echo hi # not a comment]\n\n[s   two]\n[nt next][p :] [m 1]\n"},
		{"shell", scanShell,
			"# comment\nexport KUBECONFIG=$HOME/.kube/config\nif [ -n \"$X\" ]; then echo 'hi' | grep h > /dev/null; fi\n",
			"[c1 # comment]\n[nb export] [nv KUBECONFIG][o =][nv $HOME]/.kube/config\n[k if] [ -n [s2 \"$X\"] ][o ;] [k then] [nb echo] [s1 'hi'] [o |] grep h [o >] /dev/null[o ;] [k fi]\n"},
		{"shell words", scanShell,
			"A=1 kubectl get pods -o=wide # tail\necho ${VAR:-x} $(date) a#b\n",
			"[nv A][o =]1 kubectl get pods -o=wide [c1 # tail]\n[nb echo] [nv ${VAR:-x}] [nv $(date)] a#b\n"},
		{"console", scanConsole,
			"$ kubectl get pods \\\n    --watch\nNAME  READY\nweb   1/1\nalice@laptop:~$ echo $HOME\n/home/alice\n",
			"[gp $] kubectl get pods [se \\\n]    --watch\n[go NAME  READY\nweb   1/1\n][gp alice@laptop:~$] [nb echo] [nv $HOME]\n[go /home/alice\n]"},
		{"console without prompt", scanConsole,
			"just output\n$HOME is not a prompt\n",
			"[go just output\n$HOME is not a prompt\n]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := dump(tt.scan, tt.code); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// FuzzScanners checks that every native scanner terminates without
// panicking and passes on every byte of its input, in order.
func FuzzScanners(f *testing.F) {
	for _, s := range []string{
		"package main\nfunc f() { return `x\r\ny` /* a\r\n */ }\n",
		"{\"a\": [1, true], \"b\\\"\": null} /* x",
		"a: |\n  b\n- [x, {y: z}]\n'k': \"v\" # c\n",
		"$ echo \"$(a ${b})\" 'c' \\\n> d\nout\n",
		"\xff\xfe\x00\"'`$#{[",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		for lang, scan := range scanners {
			var s textSink
			scan(&s, code)
			if s.String() != code {
				t.Fatalf("%s: output %q differs from input %q", lang, s.String(), code)
			}
		}
	})
}
