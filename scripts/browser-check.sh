#!/usr/bin/env bash
# Opens a simbench HTML report in a real browser (headless Chromium) and checks it:
#   scripts/browser-check.sh FILE.html [--expect KIND,KIND…] [--out DIR]
# Saves DIR/screenshot.png and DIR/dom.html (DIR: FILE's name without .html, plus
# -browser-check/), and fails (exit 1) when the page raises a JavaScript error, when the
# screenshot is blank (every pixel one colour), when the page has no scenario section, when
# a scenario section lacks its ratio chart, or when a chart KIND given to --expect (ratios,
# sweep, scaling, history, allocs, processes, mechanisms) is not in the DOM. Installs Debian's chromium package
# with apt-get when no chromium is found. Exit 64 for bad arguments.
set -euo pipefail

usage() { echo "usage: scripts/browser-check.sh FILE.html [--expect KIND,KIND…] [--out DIR]" >&2; exit 64; }
[ $# -ge 1 ] || usage
report=$1
shift
expect=""
outdir="${report%.html}-browser-check"
while [ $# -gt 0 ]; do
    case $1 in
        --expect) [ $# -ge 2 ] || usage; expect=$2; shift 2 ;;
        --out) [ $# -ge 2 ] || usage; outdir=$2; shift 2 ;;
        *) usage ;;
    esac
done
if [ ! -f "$report" ]; then
    echo "browser-check: '$report' is not a file; expected a report from 'simbench report'" >&2
    exit 64
fi
mkdir -p "$outdir"

browser=""
for name in chromium chromium-browser google-chrome; do
    if command -v "$name" > /dev/null; then browser=$name; break; fi
done
if [ -z "$browser" ]; then
    echo "browser-check: no chromium; installing Debian's chromium package" >&2
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd=sudo
    $sudo_cmd apt-get update -q > /dev/null
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q chromium > /dev/null
    browser=chromium
fi

# A copy of the page with an error catcher as its first script: every uncaught error or
# rejected promise is written into the DOM (data-js-errors on <html>), which the dump shows,
# whatever the browser's logging prints.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
absolute=$(cd "$(dirname "$report")" && pwd)/$(basename "$report")
page="$work/page.html"
python3 - "$absolute" "$page" <<'PY'
import sys
html = open(sys.argv[1], encoding="utf-8").read()
catcher = ("<script>(function(){var e=[];function note(m){e.push(String(m));"
           "document.documentElement.setAttribute('data-js-errors',e.join(' | '))}"
           "window.addEventListener('error',function(v){note(v.message)});"
           "window.addEventListener('unhandledrejection',function(v){note(v.reason)})})();</script>")
index = html.find("<head>")
html = html[:index + 6] + catcher + html[index + 6:] if index >= 0 else catcher + html
open(sys.argv[2], "w", encoding="utf-8").write(html)
PY

flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --disable-extensions
       --user-data-dir="$work/profile" --virtual-time-budget=3000 --enable-logging=stderr --v=0)
"$browser" "${flags[@]}" --window-size=1000,2400 --screenshot="$outdir/screenshot.png" "file://$page" \
    > "$work/screenshot.log" 2>&1 || true
"$browser" "${flags[@]}" --dump-dom "file://$page" > "$outdir/dom.html" 2> "$work/dom.log" || true

python3 - "$outdir/screenshot.png" "$outdir/dom.html" "$expect" "$work/dom.log" "$work/screenshot.log" <<'PY'
import re, struct, sys, zlib

screenshot, dom_path, expect, *logs = sys.argv[1:]
failures = []

def png_colours(path):
    """The set of distinct pixels of an 8-bit, non-interlaced PNG (what Chromium writes)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or interlace != 0 or colour not in (0, 2, 4, 6):
        raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    colours = set()
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        previous = line
        for i in range(0, stride, channels * 7):  # every 7th pixel is plenty to see a chart
            colours.add(bytes(line[i:i + channels]))
        if len(colours) > 16:
            break
    return width, height, colours

try:
    width, height, colours = png_colours(screenshot)
    if len(colours) <= 1:
        failures.append(f"the screenshot {screenshot} is blank: every pixel one colour")
    else:
        print(f"screenshot: {screenshot} ({width}x{height}, {len(colours)}+ colours)")
except (OSError, ValueError, TypeError, zlib.error) as error:
    failures.append(f"no usable screenshot at {screenshot}: {error}")

dom = open(dom_path, encoding="utf-8", errors="replace").read()
if not dom.strip():
    failures.append(f"the DOM dump {dom_path} is empty: the browser did not load the page")
errors = re.search(r'data-js-errors="([^"]*)"', dom)
if errors:
    failures.append(f"JavaScript errors: {errors.group(1)}")
for log in logs:
    for line in open(log, encoding="utf-8", errors="replace"):
        if "Uncaught" in line and "CONSOLE" in line:
            failures.append(f"JavaScript error in the console: {line.strip()}")
sections = re.findall(r'<section class="scenario"[^>]*data-scenario="([^"]*)"[^>]*>(.*?)</section>\s*(?=<section class="scenario"|</main>)', dom, re.S)
if not sections:
    failures.append("no scenario section in the DOM (<section class=\"scenario\">)")
for name, body in sections:
    if not re.search(r'<svg[^>]*data-chart="ratios"', body):
        failures.append(f"scenario '{name}' has no ratio chart (<svg data-chart=\"ratios\">) in the DOM")
charts = re.findall(r'<svg[^>]*data-chart="([a-z]+)"', dom)
for kind in filter(None, expect.split(",")):
    if kind not in charts:
        failures.append(f"expected a {kind} chart (<svg data-chart=\"{kind}\">); the DOM has: {', '.join(sorted(set(charts))) or 'none'}")
if failures:
    for failure in failures:
        print(f"browser-check: FAIL: {failure}", file=sys.stderr)
    sys.exit(1)
print(f"browser-check: ok: {len(sections)} scenario sections, charts in the DOM: {', '.join(sorted(set(charts)))}; DOM: {dom_path}")
PY
