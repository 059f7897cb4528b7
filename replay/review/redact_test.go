package review

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Each rule on the shapes a transcript carries it in: prose, a shell
// command, a JSON argument (escaped quotes), a config file; and the code
// that looks like an assignment but holds no secret.
func TestRedactRules(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"key " + awsKey + " here", "key [redacted: aws-access-token] here"},
		{"export AWS_ACCESS_KEY_ID=" + awsKey, "export AWS_ACCESS_KEY_ID=[redacted: aws-access-token]"},
		{"git clone https://" + githubToken + "@github.com/x/y", "git clone https://[redacted: github-token]@github.com/x/y"},
		{"gh" + "o_" + strings.Repeat("a1B2c3D4e5", 3) + "F6g7H8", "[redacted: github-token]"},
		{"github_pat_" + strings.Repeat("A1b2C3d4E5", 8) + "Zz", "[redacted: github-token]"},
		{`{"token":"` + gitlabToken + `"}`, `{"token":"[redacted: gitlab-token]"}`},
		{"SLACK_BOT_TOKEN=" + slackToken, "SLACK_BOT_TOKEN=[redacted: slack-token]"},
		{"post to " + slackHook + " now", "post to [redacted: slack-webhook] now"},
		{"OPENAI_API_KEY=" + openAIKey, "OPENAI_API_KEY=[redacted: openai-api-key]"},
		{"x-api-key: " + anthropicKey + "\n", "x-api-key: [redacted: anthropic-api-key]\n"},
		{"sk-" + "ant-oat01-" + strings.Repeat("Kq7Wm2Xz9Lp4", 4), "[redacted: anthropic-api-key]"},
		{"a\n" + privateKey + "\nb", "a\n[redacted: private-key]\nb"},
		{"-----BEGIN RSA " + "PRIVATE KEY-----\nMIIEowIBAAKCAQEA0Z3VS5JJcds3xfn/ygWyF8PbnGy0AHB7MhgHcTz6sE2I2yPB\naFDrBz9vFqU4yB", "[redacted: private-key]"},
		{`DB_PASSWORD="hunter2-Shop!"`, `DB_PASSWORD="[redacted: password]"`},
		{`{"command":"mysql --password=\"s3cr3t pw\" db"}`, `{"command":"mysql --password=\"[redacted: password]\" db"}`},
		{"password: Sup3rSecret", "password: [redacted: password]"},
		{"?user=a&password=Sup3rSecret&x=1", "?user=a&password=[redacted: password]&x=1"},
		{"Authorization: Bearer " + bearerToken + ".", "Authorization: Bearer [redacted: token]."},
		{"API_TOKEN=" + strings.Repeat("9fQ2xL7vB4", 2) + "kP", "API_TOKEN=[redacted: token]"},
		{`client_secret = "Zq8xW3vR9tY2uI7oP4aS"`, `client_secret = "[redacted: token]"`},
		{`{"api_key": "Zq8xW3vR9tY2uI7oP4aS"}`, `{"api_key": "[redacted: token]"}`},
		{"PRIVATE_KEY=Zq8xW3vR9tY2uI7oP4aS", "PRIVATE_KEY=[redacted: token]"},
		// no secret: code, types, placeholders, references, plain words
		{"password: string", "password: string"},
		{"password = os.Getenv(\"DB_PASSWORD\")", "password = os.Getenv(\"DB_PASSWORD\")"},
		{"password := cfg.Password", "password := cfg.Password"},
		{"PASSWORD=$DB_PASSWORD", "PASSWORD=$DB_PASSWORD"},
		{"password: ********", "password: ********"},
		{"token := tokens[i]", "token := tokens[i]"},
		{"token = lexer.NextToken()", "token = lexer.NextToken()"},
		{"secretName: my-app-secret-name", "secretName: my-app-secret-name"},
		{"api_key = strings.TrimSpace(line)", "api_key = strings.TrimSpace(line)"},
		{"the word AKIAPOLLO is not a key", "the word AKIAPOLLO is not a key"},
		{"Bearer tokens are sent in a header", "Bearer tokens are sent in a header"},
	} {
		r := NewRedactor("")
		if got := r.Scrub(c.in); got != c.want {
			t.Errorf("Scrub(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}

// The home folder is ~ where a path starts with it, not inside another
// path or a longer name.
func TestRedactHome(t *testing.T) {
	r := NewRedactor("/home/me/")
	for in, want := range map[string]string{
		"/home/me/src/a.go and /home/me":    "~/src/a.go and ~",
		`{"file_path":"/home/me/x"}`:        `{"file_path":"~/x"}`,
		"/home/meg/a /srv/home/me/b":        "/home/meg/a /srv/home/me/b",
		"cd /home/me; ls /home/me/.claude/": "cd ~; ls ~/.claude/",
	} {
		if got := r.Scrub(in); got != want {
			t.Errorf("Scrub(%q) = %q, want %q", in, got, want)
		}
	}
	if r.Homes() != 5 {
		t.Errorf("counted %d homes, want 5", r.Homes())
	}
	if NewRedactor("/").Scrub("/etc/x") != "/etc/x" {
		t.Error("a home of / made every path ~")
	}
}

// The cost of the rule set on a 10 MB transcript's texts (the real
// transcripts of testdata, repeated, a secret every so often): measured
// for the commit's note, and bounded so that a rule that turns slow
// fails here.
func TestRedactTenMegabytesInTime(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	var b strings.Builder
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "transcripts", "*", "*", "*.jsonl"))
	more, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "transcripts", "*", "*.jsonl"))
	files = append(files, more...)
	if len(files) < 3 {
		t.Fatalf("found %d transcripts", len(files))
	}
	for b.Len() < 10<<20 {
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			b.Write(data)
		}
		b.WriteString(`{"x":"export KEY=` + awsKey + ` password=hunter2hunter2 ` + githubToken + `"}` + "\n")
	}
	text := b.String()
	lines := strings.SplitAfter(text, "\n")
	r := NewRedactor("/home/me")
	start := time.Now()
	for _, l := range lines {
		r.Scrub(l)
	}
	took := time.Since(start)
	t.Logf("redacted %d bytes in %d lines in %v (%.0f MB/s): %+v", len(text), len(lines), took, float64(len(text))/took.Seconds()/1e6, r.Counts())
	if took > 20*time.Second {
		t.Errorf("redacting 10 MB took %v", took)
	}
}
