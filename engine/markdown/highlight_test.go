package markdown

import (
	"strings"
	"testing"
)

func TestHighlight(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		want    []string
		wantNot []string
	}{
		{
			name: "go",
			src:  "```go\nfunc main() {}\n```\n",
			want: []string{`<pre class="chroma"><code class="language-go"><span class="kd">func</span> <span class="nf">main</span>`},
		},
		{
			name: "yaml",
			src:  "```yaml\nkind: Pod # a comment\n```\n",
			want: []string{`<code class="language-yaml"><span class="nt">kind</span><span class="p">:</span>`, `<span class="c"># a comment</span>`},
		},
		{
			name: "console prompt",
			src:  "```console\n$ kubectl get pods\nNAME  READY\n```\n",
			want: []string{`<code class="language-console"><span class="gp">$</span> kubectl get pods`, `<span class="go">NAME  READY`},
		},
		{
			name: "shell-session alias",
			src:  "```shell-session\n$ ls\n```\n",
			want: []string{`<span class="gp">$</span> ls`},
		},
		{
			name: "sh",
			src:  "```sh\necho \"hi\" # say\n```\n",
			want: []string{`<code class="language-sh"><span class="nb">echo</span>`, `<span class="s2">&#34;hi&#34;</span>`, `<span class="c1"># say`},
		},
		{
			name: "bash and shell",
			src:  "```bash\nexport A=1\n```\n\n```shell\nexport B=2\n```\n",
			want: []string{`<code class="language-bash"><span class="nb">export</span>`, `<code class="language-shell"><span class="nb">export</span>`},
		},
		{
			name: "json",
			src:  "```json\n{\"a\": [1, true]}\n```\n",
			want: []string{`<code class="language-json"><span class="p">{</span><span class="nt">&quot;a&quot;</span>`, `<span class="mi">1</span>`, `<span class="kc">true</span>`},
		},
		{
			name: "info words after the language",
			src:  "```go title=\"x\"\nvar x int\n```\n",
			want: []string{`<code class="language-go"><span class="kd">var</span>`},
		},
		{
			name:    "unknown language",
			src:     "```nosuchlang\n<b>&amp;\n```\n",
			want:    []string{"<pre><code class=\"language-nosuchlang\">&lt;b&gt;&amp;amp;\n</code></pre>"},
			wantNot: []string{"chroma", "<span"},
		},
		{
			name:    "no language",
			src:     "```\nplain <x>\n```\n",
			want:    []string{"<pre><code>plain &lt;x&gt;\n</code></pre>"},
			wantNot: []string{"chroma"},
		},
		{
			name:    "plain text language",
			src:     "```text\nplain\n```\n",
			want:    []string{"<pre><code class=\"language-text\">plain\n</code></pre>"},
			wantNot: []string{"chroma"},
		},
		{
			name:    "indented code",
			src:     "para\n\n    indented <x>\n",
			want:    []string{"<pre><code>indented &lt;x&gt;\n</code></pre>"},
			wantNot: []string{"chroma"},
		},
		{
			name:    "NUL replaced",
			src:     "```go\nx := \"\x00\"\n```\n\n```\na\x00b\n```\n",
			want:    []string{"&quot;\ufffd&quot;", "a\ufffdb"},
			wantNot: []string{"\x00"},
		},
		{
			name:    "quote in language escaped",
			src:     "```a\"b\nx\n```\n",
			want:    []string{`class="language-a&quot;b"`},
			wantNot: []string{`language-a"b`},
		},
	}
	c := New(Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := convert(t, c, tt.src, Context{})
			html := strings.ReplaceAll(string(res.HTML), "&#34;", "&quot;")
			want := make([]string, len(tt.want))
			for i, w := range tt.want {
				want[i] = strings.ReplaceAll(w, "&#34;", "&quot;")
			}
			checkContains(t, html, want, tt.wantNot)
		})
	}
}

func TestLexerFor(t *testing.T) {
	tests := []struct{ lang, want string }{
		{"go", "Go"}, {"golang", "Go"}, {"GO", "Go"},
		{"yaml", "YAML"}, {"yml", "YAML"}, {"json", "JSON"},
		{"sh", "Bash"}, {"bash", "Bash"}, {"shell", "Bash"},
		{"console", "Bash Session"}, {"shell-session", "Bash Session"},
		{"ts", "TypeScript"}, {"py", "Python"}, {"md", "markdown"},
		{"text", ""}, {"plaintext", ""}, {"nosuchlang", ""}, {"", ""},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			got := ""
			if l := lexerFor(tt.lang); l != nil {
				got = l.Config().Name
			}
			if got != tt.want {
				t.Errorf("lexerFor(%q) = %q, want %q", tt.lang, got, tt.want)
			}
		})
	}
}
