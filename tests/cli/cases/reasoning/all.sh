# reasoning --all: the thoughts of every event, not only the final
# responses'.  d_thinking's second invocation thinks before it calls the
# calculator; that thought is left out without --all and comes between the
# two others with it, a blank line between events.  The same from the
# stream, the session and ADK JS's database, per invocation, and in chunks
# at -j 2.
t=$(mktemp -d) && cd "$CORPUS"/adkjs || exit 1
adkev reasoning d_thinking.jsonl
adkev reasoning --all d_thinking.jsonl
adkev reasoning -a -r d_thinking.jsonl
echo "-- per invocation"
adkev reasoning -a --per-invocation d_thinking.jsonl
echo "-- the session, the database, chunks"
adkev reasoning -a d_thinking.jsonl >"$t"/all.txt 2>&1 || exit 1
adkev reasoning -a d_thinking.session.json | cmp - "$t"/all.txt && echo "session: same"
adkev reasoning -a --session 878fe4a5 ../db/adkjs.db | cmp - "$t"/all.txt && echo "database: same"
ADKEV_CHUNK_BYTES=300 adkev reasoning -a -j 2 d_thinking.jsonl | cmp - "$t"/all.txt && echo "-j 2 in chunks: same"
rm -rf "$t"
echo "-- no thought anywhere"
adkev reasoning -a a_plain.jsonl; echo "status $?"
adkev reasoning -a -e a_plain.jsonl; echo "status $?"
