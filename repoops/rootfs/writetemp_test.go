package rootfs

import "testing"

// IsWriteTemp takes only the form a write makes: TempPrefix, 16 lowercase
// hex digits, TempSuffix. A name of that length and frame with any other
// character in the digits (a letter past f, upper case, the characters
// just past '9' and just before 'a') is a user's file, and listings show it.
func TestIsWriteTempTakesOnlyLowercaseHexDigits(t *testing.T) {
	for _, digits := range []string{"0123456789abcdef", "fedcba9876543210"} {
		if name := TempPrefix + digits + TempSuffix; !IsWriteTemp(name) {
			t.Errorf("IsWriteTemp(%q) is false; want true", name)
		}
	}
	for _, digits := range []string{"0123456789abcdeg", "zzzzzzzzzzzzzzzz", "0123456789ABCDEF", "012345678:abcdef", "0123456789`bcdef", "/123456789abcdef"} {
		if name := TempPrefix + digits + TempSuffix; IsWriteTemp(name) {
			t.Errorf("IsWriteTemp(%q) is true; want false (not 16 lowercase hex digits)", name)
		}
	}
}
