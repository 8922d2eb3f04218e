# The fish completion adkev writes from its option tables, loaded in fish:
# `complete -C` offers commands with their summaries, a command's options,
# an option's fixed values, nothing after -j, directories for --split, and
# file names for operands, and the ids of the operands for --session and
# --invocation.
. "$TTYLIB"
command -v fish >/dev/null 2>&1 || { echo "fish is not installed"; exit 77; }
t=$(mktemp -d)
touch "$t/run.jsonl"
cp "$CORPUS/db/adkpy-sqlite.db" "$t/s.db"
cp "$CORPUS/../../samples/b_tool_call.jsonl" "$t/b.jsonl"
mkdir "$t/runs"
adkev completion fish >"$t/adkev.fish"
c() { printf 'complete -C "%s"; echo --; ' "$@"; }
q="source adkev.fish; $(c 'adkev sta' 'adkev to-a2a --a2a-version ' 'adkev final -j ' 'adkev show --col' 'adkev partition --split ' 'adkev final r' 'adkev help tr' 'adkev show s.db --session 0' 'adkev final b.jsonl --invocation ')"
tty_run 100 30 "cd $t && fish --no-config -c '$q'"
tty_capture
rm -rf "$t"
