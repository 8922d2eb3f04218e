# --author and --invocation keep only those events; stream errors belong to
# neither and are dropped.
f=$CORPUS/adkjs/l_multi_turn.session.jsonl
adkev show --width 90 --author user "$f" || echo "exit $?"
echo ---
adkev show --width 90 --invocation e-85e4718d-2554-4a00-b132-f729a5c43de1 "$f"
echo ---
adkev show --width 90 --author coder kinds.jsonl | grep -c upstream || :
