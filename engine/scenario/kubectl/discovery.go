package kubectl

import (
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"
)

// APIGroup is one group of an APIGroupList (/apis), as metav1.APIGroup
// decodes it.
type APIGroup struct {
	Name     string `json:"name"`
	Versions []struct {
		GroupVersion string `json:"groupVersion"`
		Version      string `json:"version"`
	} `json:"versions"`
	PreferredVersion struct {
		GroupVersion string `json:"groupVersion"`
		Version      string `json:"version"`
	} `json:"preferredVersion"`
}

// APIResourceList is a group version's resource list (/api/v1,
// /apis/GROUP/VERSION), as metav1.APIResourceList decodes it.
type APIResourceList struct {
	GroupVersion string `json:"groupVersion"`
	Resources    []struct {
		Name       string   `json:"name"`
		Namespaced bool     `json:"namespaced"`
		Kind       string   `json:"kind"`
		Verbs      []string `json:"verbs"`
		ShortNames []string `json:"shortNames"`
	} `json:"resources"`
}

// APIVersions prints `kubectl api-versions`: every groupVersion of the
// core versions (/api) and of the groups (/apis), sorted, one a line
// (k8s.io/kubectl/pkg/cmd/apiresources/apiversions.go:
// metav1.ExtractGroupVersions, then sort.Strings).
func APIVersions(core []string, groups []APIGroup) string {
	out := slices.Clone(core)
	for _, g := range groups {
		for _, v := range g.Versions {
			out = append(out, v.GroupVersion)
		}
	}
	slices.Sort(out)
	return strings.Join(out, "\n")
}

// ResourceOptions are the flags of `kubectl api-resources` printed here.
type ResourceOptions struct {
	// Namespaced is "true" or "false" to keep only namespaced or only
	// cluster-scoped resources; "" keeps both.
	Namespaced string
	// APIGroup keeps only one group ("" for the core group) when
	// APIGroupSet.
	APIGroup    string
	APIGroupSet bool
	// Output is "" or "name" (-o wide, whose columns differ between
	// kubectl releases, is not printed here).
	Output string
	// SortBy is "", "name" or "kind".
	SortBy string
}

// APIResources prints `kubectl api-resources` from the group versions'
// resource lists, read in discovery order (the groups of groups):
// kubectl keeps, for each group and resource, its entry in the group's
// preferred version, or else in the first version that has it
// (k8s.io/client-go/discovery/discovery_client.go,
// ServerPreferredResources), leaves out subresources and resources
// without verbs, and sorts by group then name (or by --sort-by, then
// name), printing NAME SHORTNAMES APIVERSION NAMESPACED KIND with its tab
// writer (k8s.io/kubectl/pkg/cmd/apiresources/apiresources.go).
func APIResources(groups []APIGroup, lists map[string]APIResourceList, opts ResourceOptions) string {
	type row struct {
		group, gv, name, short, kind string
		namespaced                   bool
	}
	var rows []row
	for _, g := range groups {
		chosen := map[string]int{}
		for _, v := range g.Versions {
			for _, r := range lists[v.GroupVersion].Resources {
				if strings.Contains(r.Name, "/") || len(r.Verbs) == 0 {
					continue
				}
				i, seen := chosen[r.Name]
				if seen && v.Version != g.PreferredVersion.Version {
					continue
				}
				x := row{g.Name, v.GroupVersion, r.Name, strings.Join(r.ShortNames, ","), r.Kind, r.Namespaced}
				if seen {
					rows[i] = x
					continue
				}
				chosen[r.Name] = len(rows)
				rows = append(rows, x)
			}
		}
	}
	rows = slices.DeleteFunc(rows, func(r row) bool {
		return (opts.APIGroupSet && r.group != opts.APIGroup) ||
			(opts.Namespaced != "" && fmt.Sprint(r.namespaced) != opts.Namespaced)
	})
	key := func(r row) string {
		switch opts.SortBy {
		case "name":
			return r.name
		case "kind":
			return r.kind
		}
		return r.group
	}
	slices.SortStableFunc(rows, func(a, b row) int {
		if c := strings.Compare(key(a), key(b)); c != 0 {
			return c
		}
		return strings.Compare(a.name, b.name)
	})
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 6, 4, 3, ' ', 0)
	if opts.Output != "name" {
		fmt.Fprintln(w, "NAME\tSHORTNAMES\tAPIVERSION\tNAMESPACED\tKIND")
	}
	for _, r := range rows {
		switch opts.Output {
		case "name":
			name := r.name
			if r.group != "" {
				name += "." + r.group
			}
			fmt.Fprintln(w, name)
		default:
			fmt.Fprintf(w, "%s\t%s\t%s\t%v\t%s\n", r.name, r.short, r.gv, r.namespaced, r.kind)
		}
	}
	w.Flush()
	return strings.TrimRight(b.String(), "\n")
}
