package review

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The HTML review in a real browser: headless Chromium renders it to a
// screenshot (which must not be blank) and dumps the DOM after load (in
// which no script of the transcript ran, and the calls are <details>).
// It runs where Chromium is installed (.ci/run installs Debian's
// chromium); elsewhere it is skipped, saying so.
//
// REPOX_REVIEW_SHOT=FILE also writes the screenshot of a plain session
// there: docs/shots/review.png is made with
//
//	REPOX_REVIEW_SHOT=$PWD/docs/shots/review.png go test ./replay/review -run TestHTMLInChromium

// chromiumBin is the browser to run ("": none installed).
func chromiumBin() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// chromium runs the browser headless on page with args, and returns its
// stdout.
func chromium(t *testing.T, bin, page string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
		"--no-first-run", "--disable-extensions", "--user-data-dir=" + t.TempDir(),
		"--host-resolver-rules=MAP * ~NOTFOUND"} // nothing is fetched; if it were, it would fail
	cmd := exec.CommandContext(ctx, bin, append(append(base, args...), "file://"+page)...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %v: %v\n%s", bin, args, err, errOut.String())
	}
	return out.Bytes()
}

func TestHTMLInChromium(t *testing.T) {
	bin := chromiumBin()
	if bin == "" {
		t.Skip("Chromium is not installed (Debian: apt-get install chromium; .ci/run installs it): the HTML review was not rendered in a browser")
	}
	_, d := claudeDoc(t, false)
	dir := t.TempDir()
	page := filepath.Join(dir, "review.html")
	var buf bytes.Buffer
	if err := d.HTML(&buf); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	dom := string(chromium(t, bin, page, "--dump-dom"))
	if strings.Contains(dom, "data-pwned") && !strings.Contains(dom, "setAttribute(") || strings.Contains(dom, `data-pwned="1"`) {
		t.Error("a script of the transcript ran: the body has data-pwned")
	}
	if strings.Contains(dom, "<title>PWNED") {
		t.Error("an onerror handler of the transcript ran: the title is PWNED")
	}
	calls := 0
	for _, it := range d.Items {
		if it.Call != nil {
			calls++
		}
	}
	if n := strings.Count(dom, `<details class="call`); n != calls {
		t.Errorf("the DOM has %d call <details>, want %d", n, calls)
	}
	if strings.Count(dom, "<script") > 0 || strings.Count(dom, "<img") > 0 {
		t.Error("the DOM holds a script or an img element")
	}
	if !strings.Contains(dom, "&lt;script&gt;document.body.setAttribute") {
		t.Error("the DOM does not show the transcript's <script> as text")
	}

	shot := filepath.Join(dir, "review.png")
	chromium(t, bin, page, "--window-size=1100,1400", "--screenshot="+shot)
	checkNotBlank(t, shot)

	if keep := os.Getenv("REPOX_REVIEW_SHOT"); keep != "" {
		h := newHome(t, shopFiles)
		path := h.write(t, ".claude/projects/-src-shop/c1a2-review.jsonl", plainClaudeSession(t, h))
		d := build(t, path, h.root, h.dir, false)
		d.Command = "repox replay --html review.html"
		buf.Reset()
		d.HTML(&buf)
		os.WriteFile(page, buf.Bytes(), 0o644)
		chromium(t, bin, page, "--window-size=1000,1250", "--screenshot="+keep)
		checkNotBlank(t, keep)
	}
}

// checkNotBlank decodes the PNG and asks that a share of its pixels be
// other than white, in more than a few colours.
func checkNotBlank(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("the screenshot is no PNG: %v", err)
	}
	b := img.Bounds()
	inked, colours := 0, map[[3]uint32]bool{}
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r < 0xf000 || g < 0xf000 || bl < 0xf000 {
				inked++
			}
			colours[[3]uint32{r >> 12, g >> 12, bl >> 12}] = true
		}
	}
	total := (b.Dx() / 2) * (b.Dy() / 2)
	if inked*100 < total*2 || len(colours) < 8 {
		t.Errorf("the screenshot looks blank: %d of %d sampled pixels not white, %d colours", inked, total, len(colours))
	}
	t.Logf("screenshot %dx%d: %d%% of pixels not white, %d colours", b.Dx(), b.Dy(), inked*100/max(total, 1), len(colours))
}
