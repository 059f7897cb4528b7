package review

import (
	"cmp"
	"math"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// Redaction: a review is written to be attached to a pull request or a bug
// report, so by default what it shows of the transcript and the repository
// is scrubbed first. The user's home folder is shown as ~, and every secret
// one of the rules below finds is replaced by "[redacted: KIND]", counted
// per kind for the document's summary.
//
// The rules are modelled on gitleaks' published rule set (config/gitleaks.toml
// of github.com/zricethezav/gitleaks/v8, v8.30.1, MIT): its regular
// expressions for aws-access-token, github-pat, github-fine-grained-pat,
// github-oauth, github-app-token, github-refresh-token, gitlab-pat,
// slack-bot-token, slack-user-token, slack-app-token, slack-legacy-*,
// slack-config-*, slack-webhook-url, openai-api-key, anthropic-api-key,
// anthropic-admin-api-key and private-key, taken as published or widened
// where a transcript needs it (a private key cut before its END line; any
// sk-ant- prefix, as Claude Code's own sk-ant-oat01- tokens); and, after
// its generic-api-key, assignments of a password (any literal value: a
// password is short and plain by nature) or of a token, secret or API key
// (a value of 10-150 characters whose Shannon entropy is at least 3.5, as
// generic-api-key asks). gitleaks' detect package itself was measured as a
// library and not taken: see the commit that added this file.

// rule is one kind of secret: its pattern, the words one of which a text
// must hold for the pattern to be tried (lower case: the text's lower-case
// form is searched), the submatch that is the secret (0: the whole match)
// and, for the assignments, a check of the value.
type rule struct {
	kind     string
	keywords []string
	re       string
	keep     func(value string) bool // true: not a secret after all (nil: every match is)
	// lead: how far before a keyword a match may start (0: windowBefore);
	// span: how far after it a match may end (0: windowAfter; -1: the end)
	lead, span int
}

// The kinds a review names.
const (
	kindPrivateKey = "private-key"
	kindAWS        = "aws-access-token"
	kindGitHub     = "github-token"
	kindGitLab     = "gitlab-token"
	kindSlack      = "slack-token"
	kindSlackHook  = "slack-webhook"
	kindOpenAI     = "openai-api-key"
	kindAnthropic  = "anthropic-api-key"
	kindPassword   = "password"
	kindToken      = "token"
)

// rules are the rule set, in the order they are applied: the long blocks
// and prefixed tokens before the assignments, so that "token=ghp_…" is
// named a github-token.
var rules = []rule{
	{kind: kindPrivateKey, keywords: []string{"-----begin"}, span: -1,
		// gitleaks private-key, or a block cut before its END line
		re: `(?i)-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----|[A-Za-z0-9+/=\s\\:,.-]*)`},
	{kind: kindAWS, keywords: []string{"a3t", "akia", "asia", "abia", "acca"},
		re: `\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b`},
	{kind: kindGitHub, keywords: []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"},
		re: `(?:ghp|gho|ghu|ghs|ghr)_[0-9a-zA-Z]{36}|github_pat_\w{82}`},
	{kind: kindGitLab, keywords: []string{"glpat-"}, re: `glpat-[\w-]{20}`},
	{kind: kindSlackHook, keywords: []string{"hooks.slack.com"},
		re: `(?:https?://)?hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/]{43,56}`},
	{kind: kindSlack, keywords: []string{"xox", "xapp"},
		re: `(?i:xoxe\.xox[bp]-\d-[A-Z0-9]{163,166})|(?i:xoxe-\d-[A-Z0-9]{146})|xox[pe](?:-[0-9]{10,13}){3}-[a-zA-Z0-9-]{28,34}|xoxb-[0-9]{10,13}-[0-9]{10,13}[a-zA-Z0-9-]*|xoxb-[0-9]{8,14}-[a-zA-Z0-9]{18,26}|xox[os]-\d+-\d+-\d+-[a-fA-F\d]+|xox[ar]-(?:\d-)?[0-9a-zA-Z]{8,48}|(?i:xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+)`},
	{kind: kindAnthropic, keywords: []string{"sk-ant-"},
		re: `\bsk-ant-[a-z]{3,6}\d{2}-[A-Za-z0-9_-]{32,}`},
	{kind: kindOpenAI, keywords: []string{"t3blbkfj", "sk-proj-", "sk-svcacct-", "sk-admin-"},
		re: `\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,}|\bsk-[a-zA-Z0-9]{20}T3BlbkFJ[a-zA-Z0-9]{20}\b`},
	{kind: kindToken, keywords: []string{"bearer"}, re: `(?i)\bbearer\s+([A-Za-z0-9._~+/-]{15,}[A-Za-z0-9_~+/-]=*)`, keep: plain, lead: 1, span: 2048},
	{kind: kindPassword, keywords: []string{"passw", "pwd", "passphrase"},
		re:   `(?i)(?:passw(?:or)?d|pwd|passphrase)[\w.-]{0,20}\\?["']?\s*(?:=|:=|:|=>)\s*(?:\\?"([^"\\\n]{1,200})\\?"|'([^'\\\n]{1,200})'|([^\s"'\x60\\,;&|)}\]>]{4,200}))`,
		keep: notAPassword, lead: 1, span: 256},
	{kind: kindToken, keywords: []string{"token", "secret", "key", "credential"},
		re:   `(?i)(?:token|secret|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|private[_-]?key|credential)[\w.-]{0,20}\\?["']?\s*(?:=|:=|:|=>)\s*\\?["'\x60]?([\w.=+/-]{10,150})`,
		keep: lowEntropy, lead: len("private_"), span: 256}, // the keyword "key" ends "api_key"
}

// compiled is the rule set compiled on first use (never at init: every
// command would pay for it).
var compiled = sync.OnceValue(func() []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(rules))
	for i, r := range rules {
		out[i] = regexp.MustCompile(r.re)
	}
	return out
})

// placeholders are values an assignment to a password names without being
// one: types, empty values, the key's own name.
var placeholders = map[string]bool{"null": true, "nil": true, "none": true, "true": true, "false": true,
	"undefined": true, "string": true, "str": true, "required": true, "optional": true, "password": true,
	"passwd": true, "secret": true, "redacted": true, "empty": true, "bool": true, "int": true}

// notAPassword: an unquoted value that is code (a call, a field, a
// variable or template reference) or a placeholder, not a literal.
func notAPassword(v string) bool {
	l := strings.ToLower(v)
	switch {
	case placeholders[strings.Trim(l, "<>*_ ")], strings.Trim(v, "*•x.") == "":
		return true
	case strings.HasPrefix(v, "$"), strings.HasPrefix(v, "%"), strings.HasPrefix(v, "{"), strings.HasPrefix(v, "<"),
		strings.HasPrefix(v, "[redacted"), strings.Contains(v, "("):
		return true
	}
	return isSelector(v)
}

// isSelector: a.b.c, a field or package member in code.
func isSelector(v string) bool {
	parts := strings.Split(v, ".")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if p == "" || !(p[0] == '_' || (p[0]|0x20 >= 'a' && p[0]|0x20 <= 'z')) {
			return false
		}
		for i := 0; i < len(p); i++ {
			c := p[i]
			if !(c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z') || (c >= '0' && c <= '9')) {
				return false
			}
		}
	}
	return true
}

// plain: a value too plain to be a token (gitleaks' generic-api-key asks
// 3.5 bits a character).
func plain(v string) bool { return entropy(v) < 3.5 }

// lowEntropy: plain, or a field of code (a.b.c).
func lowEntropy(v string) bool { return plain(v) || isSelector(v) }

// entropy is v's Shannon entropy in bits a byte.
func entropy(v string) float64 {
	if v == "" {
		return 0
	}
	var n [256]int
	for i := 0; i < len(v); i++ {
		n[v[i]]++
	}
	e := 0.0
	for _, c := range n {
		if c > 0 {
			p := float64(c) / float64(len(v))
			e -= p * math.Log2(p)
		}
	}
	return e
}

// Redactor scrubs texts and counts what it replaced.
type Redactor struct {
	home   string // shown as ~ ("": none)
	counts map[string]int
	homes  int
}

// NewRedactor scrubs secrets, and home (the user's home folder, "" for
// none) wherever a path starts with it.
func NewRedactor(home string) *Redactor {
	home = strings.TrimRight(home, "/")
	if home == "" || !strings.HasPrefix(home, "/") || strings.Count(home, "/") < 2 && len(home) < 4 {
		home = "" // "/" or a one-letter folder would make every path ~
	}
	return &Redactor{home: home, counts: map[string]int{}}
}

// Count is how many secrets of one kind were replaced.
type Count struct {
	Kind string
	N    int
}

// Counts are the secrets replaced so far, by kind (by name).
func (r *Redactor) Counts() []Count {
	var out []Count
	for k, n := range r.counts {
		out = append(out, Count{k, n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Kind < out[j].Kind })
	return out
}

// Homes is how many times the home folder was shown as ~.
func (r *Redactor) Homes() int { return r.homes }

// Scrub is s with each secret replaced by "[redacted: KIND]" and the home
// folder by ~.
func (r *Redactor) Scrub(s string) string {
	if s == "" {
		return s
	}
	s = r.scrubHome(s)
	lower := asciiLower(s)
	for i, re := range compiled() {
		if t := r.apply(s, lower, re, rules[i]); t != s {
			s, lower = t, asciiLower(t)
		}
	}
	return s
}

// Where a rule is tried: from windowBefore bytes before one of its
// keywords to windowAfter bytes after it (unless the rule says: an
// assignment starts at its keyword and is short; a private key runs to
// the end of its block). A
// regular expression with no literal prefix runs at a few MB/s in Go, so
// it runs only where a keyword is, not over a whole 2,000-line read.
const (
	windowBefore = 128
	windowAfter  = 1024
)

// apply replaces each match of ru's re in s that lies around one of its
// keywords (lower is s in ASCII lower case): the secret (its first
// submatch that matched, or the whole match) by the marker.
func (r *Redactor) apply(s, lower string, re *regexp.Regexp, ru rule) string {
	var wins [][2]int
	for _, k := range ru.keywords {
		for i := 0; ; {
			j := strings.Index(lower[i:], k)
			if j < 0 {
				break
			}
			at := i + j
			lead, span := cmp.Or(ru.lead, windowBefore), cmp.Or(ru.span, windowAfter)
			to := len(s)
			if span > 0 {
				to = min(len(s), at+span)
			}
			wins = append(wins, [2]int{max(0, at-lead), to})
			i = at + len(k)
		}
	}
	if len(wins) == 0 {
		return s
	}
	sort.Slice(wins, func(i, j int) bool { return wins[i][0] < wins[j][0] })
	var b strings.Builder
	last, end := 0, -1
	for n, w := range wins {
		if w[0] <= end {
			continue // merged into the window before
		}
		end = w[1]
		for _, x := range wins[n+1:] {
			if x[0] > end {
				break
			}
			end = max(end, x[1])
		}
		from := max(w[0], last) // a match of the window before may reach into this one
		for _, m := range re.FindAllStringSubmatchIndex(s[from:end], -1) {
			a, z := m[0], m[1]
			for g := 1; g*2 < len(m); g++ {
				if m[g*2] >= 0 {
					a, z = m[g*2], m[g*2+1]
					break
				}
			}
			a, z = a+from, z+from
			if (ru.keep != nil && ru.keep(s[a:z])) || strings.HasPrefix(s[a:], "[redacted: ") {
				continue
			}
			b.WriteString(s[last:a])
			b.WriteString("[redacted: " + ru.kind + "]")
			last = z
			r.counts[ru.kind]++
		}
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// asciiLower is s with A-Z in lower case: the same length, so offsets in
// it are offsets in s.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; c >= 'A' && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// scrubHome shows each path under the home folder from ~.
func (r *Redactor) scrubHome(s string) string {
	h := r.home
	if h == "" || !strings.Contains(s, h) {
		return s
	}
	var b strings.Builder
	last := 0
	for i := 0; ; {
		j := strings.Index(s[i:], h)
		if j < 0 {
			break
		}
		at, end := i+j, i+j+len(h)
		i = end
		if at > 0 && pathByte(s[at-1]) {
			continue // inside another path: /x/home/me
		}
		if end < len(s) && s[end] != '/' && pathByte(s[end]) {
			continue // a longer name: /home/meg
		}
		b.WriteString(s[last:at])
		b.WriteString("~")
		last = end
		r.homes++
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func pathByte(c byte) bool {
	return c == '/' || c == '.' || c == '_' || c == '-' || (c|0x20 >= 'a' && c|0x20 <= 'z') || (c >= '0' && c <= '9')
}
