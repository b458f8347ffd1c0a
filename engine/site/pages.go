package site

// searchIndexAsset is the name the search index goes by among the theme's
// assets, so layouts find it as .Assets.Search.
const searchIndexAsset = "search-index.js"

// pagesOf lists the pages of a build in reading order.
func pagesOf(pbs []*pageBuild) []*Page {
	out := make([]*Page, len(pbs))
	for i, pb := range pbs {
		out[i] = pb.page
	}
	return out
}

// leafPages lists the output paths of the pages below section s that are
// not sections themselves, in reading order.
func leafPages(s *Page) []string {
	var out []string
	for _, c := range s.Children {
		if c.IsSection() {
			out = append(out, leafPages(c)...)
		} else {
			out = append(out, c.Out)
		}
	}
	return out
}
