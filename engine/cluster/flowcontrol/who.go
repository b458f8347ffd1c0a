package flowcontrol

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// who is a request's user, digested once for matching against every
// schema: which of the groups the schemas name it is in, as bits, and its
// ServiceAccount namespace and name if it is one.
type who struct {
	*api.UserInfo
	groups         uint64
	saNS, saName   string
	serviceAccount bool
}

// groupIndex numbers the group names the schemas' subjects use, so that a
// group subject is tested with one bit; past 64 names the rest are looked
// up in the user's groups.
type groupIndex []string

func (g *groupIndex) bit(name string) uint64 {
	for i, n := range *g {
		if n == name {
			return 1 << i
		}
	}
	if len(*g) == 64 {
		return 0
	}
	*g = append(*g, name)
	return 1 << (len(*g) - 1)
}

// digest prepares user for matching.
func (g groupIndex) digest(user *api.UserInfo) who {
	w := who{UserInfo: user}
	for _, ug := range user.Groups {
		for i, n := range g {
			if n == ug {
				w.groups |= 1 << i
				break
			}
		}
	}
	// serviceaccount.SplitUsername: system:serviceaccount:NS:NAME.
	if rest, ok := strings.CutPrefix(user.Name, api.ServiceAccountUsernameBase); ok {
		w.saNS, w.saName, w.serviceAccount = strings.Cut(rest, ":")
	}
	return w
}

// subject is a Subject ready for matching.
type subject struct {
	Subject
	bit uint64 // a group subject's bit, 0 if past the index
}

// matches is rule.go's matchesSubject.
func (s *subject) matches(w *who) bool {
	switch s.Kind {
	case SubjectUser:
		return s.Name == NameAll || s.Name == w.Name
	case SubjectGroup:
		if s.bit != 0 {
			return w.groups&s.bit != 0
		}
		return s.Name == NameAll || w.InGroup(s.Name)
	case SubjectServiceAccount:
		return w.serviceAccount && w.saNS == s.Namespace && (s.Name == NameAll || s.Name == w.saName)
	}
	return false
}
