package site

import (
	"errors"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/loopbook/loopbook/engine/diag"
	"gopkg.in/yaml.v3"
)

// ConfigFile is the name of the site configuration at the site's root.
const ConfigFile = "loopbook.yaml"

// Config is the content of loopbook.yaml.
type Config struct {
	Title       string
	Description string
	BaseURL     string // absolute URL the site is published under; "" for none
	Language    string // default: "en"
	Markdown    MarkdownConfig
	Params      map[string]any
}

// MarkdownConfig holds the markdown section of loopbook.yaml.
type MarkdownConfig struct {
	// Unsafe lets raw HTML in Markdown through; by default it is escaped.
	Unsafe bool
}

// LoadConfig reads loopbook.yaml from the site root dir. A missing file is
// an error that says how to make one.
func LoadConfig(dir string) (*Config, error) {
	src, err := os.ReadFile(filepath.Join(dir, ConfigFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, diag.Errorf(diag.Pos{File: ConfigFile}, "no %s in %s", ConfigFile, dir).
			WithHint("run `loopbook new site DIR` to start a site, or pass the site folder with -s")
	}
	if err != nil {
		return nil, err
	}
	return ParseConfig(src)
}

// ParseConfig decodes loopbook.yaml, reporting unknown keys and wrong types
// with their positions.
func ParseConfig(src []byte) (*Config, error) {
	c := &Config{Language: "en"}
	at := diag.Pos{File: ConfigFile, Line: 1}
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, diag.FromYAML(err, src, at).Err()
	}
	errs := decodeMapping(&doc, at, ConfigFile, map[string]field{
		"title":       stringField("title", &c.Title),
		"description": stringField("description", &c.Description),
		"baseURL":     stringField("baseURL", &c.BaseURL),
		"language":    stringField("language", &c.Language),
		"markdown": func(v *yaml.Node, at diag.Pos) *diag.Error {
			sub := decodeMapping(v, at, "markdown", map[string]field{
				"unsafe": boolField("markdown.unsafe", &c.Markdown.Unsafe),
			})
			if len(sub) > 0 {
				return sub[0]
			}
			return nil
		},
		"params": func(v *yaml.Node, at diag.Pos) *diag.Error {
			if v.Kind != yaml.MappingNode {
				return diag.Errorf(diag.NodePos(v, at), "params expects a mapping, got %s", nodeKind(v))
			}
			if err := v.Decode(&c.Params); err != nil {
				return diag.Errorf(diag.NodePos(v, at), "params: %v", err)
			}
			return nil
		},
	})
	if c.BaseURL != "" {
		if err := c.SetBaseURL(c.BaseURL); err != nil {
			errs = append(errs, diag.Errorf(diag.Pos{File: ConfigFile}, "%v", err))
		}
	}
	if c.Title == "" && len(errs) == 0 {
		errs = append(errs, diag.Errorf(diag.Pos{File: ConfigFile, Line: 1, Col: 1}, "%s has no title", ConfigFile).
			WithHint("add a line such as: title: My course"))
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return c, nil
}

// SetBaseURL validates u as an absolute http(s) URL and stores it with a
// trailing slash.
func (c *Config) SetBaseURL(u string) error {
	if u == "" {
		c.BaseURL = ""
		return nil
	}
	p, err := url.Parse(u)
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
		return &diag.Error{Msg: "base URL " + quote(u) + " must be an absolute http or https URL", Hint: "e.g. https://example.org/course/"}
	}
	if !strings.HasSuffix(u, "/") {
		u += "/"
	}
	c.BaseURL = u
	return nil
}

func quote(s string) string { return `"` + s + `"` }
