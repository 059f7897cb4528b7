package repoops

// The write tools' checks before any disk access, and their refusals for
// an old_string that does not occur the expected number of times.

import (
	"fmt"
	"strconv"
	"strings"
)

// validateChange checks a request's arguments before any disk access.
func validateChange(req ChangeArgs) error {
	switch r := req.(type) {
	case EditArgs:
		if r.Edits == nil {
			return validateEditItem("", EditItem{OldString: r.OldString, NewString: r.NewString, ExpectedCount: r.ExpectedCount})
		}
		if r.OldString != "" || r.NewString != "" || r.ExpectedCount != nil {
			return refusef("give either old_string, new_string and expected_count, or edits — not both (edits is a list of {old_string, new_string, expected_count})")
		}
		if len(r.Edits) == 0 {
			return refusef("edits is empty — give 1 to %d {old_string, new_string} objects, or use old_string and new_string", editMaxItems)
		}
		for i, it := range r.Edits {
			if err := validateEditItem(fmt.Sprintf("edits[%d]: ", i), it); err != nil {
				return err
			}
		}
		return nil
	case InsertArgs:
		if r.AfterLine == nil {
			return refusef("after_line is required — 0 inserts at the top, N inserts after line N")
		}
		if _, err := intArg("after_line", r.AfterLine, 0, 0, 1<<40, "0 inserts at the top, N inserts after line N"); err != nil {
			return err
		}
		if r.Content == "" {
			return refusef("content is empty — nothing to insert")
		}
		return textArg("content", r.Content)
	case WriteArgs:
		return textArg("content", r.Content)
	}
	return nil
}

// validateEditItem checks one replacement; which prefixes its refusal
// ("edits[2]: ") when it is one of a list.
func validateEditItem(which string, it EditItem) error {
	if _, err := intArg("expected_count", it.ExpectedCount, 1, 1, editMaxExpected, "it is how many times old_string must occur"); err != nil {
		return refusef("%s%s", which, err.Error())
	}
	if it.OldString == "" {
		return refusef("%sold_string is empty — give the exact text to replace (copy it from repo_read_file); to add lines use repo_insert, to create a file repo_write", which)
	}
	if it.OldString == it.NewString {
		return refusef("%sold_string and new_string are the same — nothing would change", which)
	}
	if err := textArg("old_string", it.OldString); err != nil {
		return refusef("%s%s", which, err.Error())
	}
	if err := textArg("new_string", it.NewString); err != nil {
		return refusef("%s%s", which, err.Error())
	}
	return nil
}

// textArg refuses text the write tools will not put in a file.
func textArg(name, v string) error {
	if len(v) > editMaxBytes {
		return refusef("%s is %s bytes; at most %s (%s) are accepted", name, Commas(len(v)), Commas(editMaxBytes), SizeText(editMaxBytes))
	}
	if strings.IndexByte(v, 0) >= 0 {
		return refusef("%s contains a NUL byte; repox writes text files only", name)
	}
	return nil
}

// missRefusal explains an old_string that does not occur expected times.
func missRefusal(shown string, m *editMiss, expected int) error {
	if m.Count == 0 {
		return refusef("old_string was not found in %s — it must match the file exactly, including whitespace and indentation; read the file again with repo_read_file and copy the text from it", shown)
	}
	times := "once"
	if m.Count > 1 {
		times = fmt.Sprintf("%d times", m.Count)
	}
	where := "at " + lineList(m.Lines)
	if expected == 1 {
		return refusef("%s: old_string occurs %s, %s — include more surrounding lines so it occurs once (or set expected_count=%d to replace all %d)", shown, times, where, m.Count, m.Count)
	}
	return refusef("%s: old_string occurs %s, %s, but expected_count is %d — include more surrounding lines so it occurs exactly %d times, or set expected_count=%d", shown, times, where, expected, expected, m.Count)
}

// lineListMax caps the line numbers a refusal lists; the rest are counted.
const lineListMax = 1000

// lineList writes "line 4", "lines 4 and 19", "lines 4, 19 and 33"; a line
// holding several occurrences says so: "lines 4 (2 times) and 19".
func lineList(lines []int) string {
	var parts []string
	more := 0
	for i := 0; i < len(lines); {
		j := i
		for j < len(lines) && lines[j] == lines[i] {
			j++
		}
		if len(parts) == lineListMax {
			more++
			i = j
			continue
		}
		part := strconv.Itoa(lines[i])
		if j-i > 1 {
			part += fmt.Sprintf(" (%d times)", j-i)
		}
		parts = append(parts, part)
		i = j
	}
	word := "lines "
	if len(parts) == 1 {
		word = "line "
	}
	if more > 0 {
		return word + strings.Join(parts, ", ") + fmt.Sprintf(" and %d more lines", more)
	}
	if len(parts) == 1 {
		return word + parts[0]
	}
	return word + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
