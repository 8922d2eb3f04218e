# An event pretty-printed over several lines: in the compact object its line
# breaks (and the indentation after them) are left out, so the result stays
# one line; with -p it is kept verbatim, line breaks and all.
# A private scratch directory: cases may run side by side.
t=$(mktemp -d) && cd "$t" || exit 1
trap 'rm -rf "$t"' EXIT
cat > in.tmp <<'JSON'
{
  "author": "planner",
  "content": {
    "parts": [
      {"text": "line one\nline two"}
    ]
  },
  "score": 0.1
}
{"author":"planner","n":2}
JSON
adkev partition in.tmp
adkev partition -p in.tmp
