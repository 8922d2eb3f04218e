# ADK Go's artifact-per-run mode: adk_partial on the update decides partial-ness, the
# ephemeral artifact's reset marker (adk_partial:true, lastChunk:true) gives nothing, and
# --aggregate passes such updates through (the server aggregated already).
adkev from-a2a --deterministic go_legacy.jsonl; echo "exit $?"
echo "== --aggregate"
adkev from-a2a --deterministic --aggregate go_legacy.jsonl; echo "exit $?"
