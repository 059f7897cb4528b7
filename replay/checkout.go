package replay

import (
	"strconv"
	"strings"

	"github.com/repoxhq/repox/repoops"
)

// The checkout: whether the root the calls are replayed against looks like
// another checkout than the session's (another branch, or files the agent
// read that do not start as it was shown them). Worked out here, once, so
// the report's `checkout` line, the sessions pane's header and its list
// row say the same thing.

// Checkout is what makes the root look like another checkout than the
// session's; its zero value (Odd false) is a root that looks like the
// session's own.
type Checkout struct {
	// Branch is the branch the transcript recorded and RootBranch the
	// root's, both set only when they differ.
	Branch     string `json:"branch,omitempty"`
	RootBranch string `json:"rootBranch,omitempty"`
	// ReadDiffer are the files the agent read whose lines at the replay's
	// start are not the lines it was first shown, of Read files read.
	ReadDiffer []string `json:"readDiffer,omitempty"`
	Read       int      `json:"read,omitempty"`
}

// CheckoutAdvice is what to do about another checkout, said after it.
const CheckoutAdvice = "the root may be another checkout than the session's: pass it with --root DIR"

// Checkout is what the start says of the root's checkout.
func (in StartInfo) Checkout() Checkout {
	var c Checkout
	if in.Branch != "" && in.RootBranch != "" && repoops.QuoteName(in.Branch) != in.RootBranch {
		c.Branch, c.RootBranch = in.Branch, in.RootBranch
	}
	if len(in.ReadDiffer) > 0 {
		c.ReadDiffer, c.Read = in.ReadDiffer, in.Read
	}
	return c
}

// Odd reports a root that looks like another checkout.
func (c Checkout) Odd() bool { return c.Branch != "" || len(c.ReadDiffer) > 0 }

// Text words it in full, as the report's `checkout` line ("" when not
// Odd): each reason, joined by "; ".
func (c Checkout) Text() string {
	var odd []string
	if c.Branch != "" {
		odd = append(odd, "the transcript records branch "+repoops.QuoteName(c.Branch)+", the root is on "+c.RootBranch)
	}
	if len(c.ReadDiffer) > 0 {
		odd = append(odd, strconv.Itoa(len(c.ReadDiffer))+" of the "+repoops.Plural(c.Read, "file", "files")+
			" the agent read do not start as it was shown them ("+Examples(ShownPaths(c.ReadDiffer))+")")
	}
	return strings.Join(odd, "; ")
}

// Short words it for one row of a pane ("" when not Odd): the branches,
// then how many of the files read differ, the most telling first since a
// narrow row cuts the end.
func (c Checkout) Short() string {
	var odd []string
	if c.Branch != "" {
		odd = append(odd, "branch "+repoops.QuoteName(c.Branch)+" recorded, root on "+c.RootBranch)
	}
	if len(c.ReadDiffer) > 0 {
		odd = append(odd, strconv.Itoa(len(c.ReadDiffer))+" of "+repoops.Plural(c.Read, "file", "files")+" read differ ("+Examples(ShownPaths(c.ReadDiffer))+")")
	}
	if len(odd) == 0 {
		return ""
	}
	return strings.Join(odd, "; ")
}
