# partition takes --per-file only with --trajectories: its events are
# written as they are read, so one object per file is not on offer.
adkev partition --per-file "$SAMPLES"/a_plain.jsonl; echo "status $?"
adkev partition --split out --per-file "$SAMPLES"/a_plain.jsonl; echo "status $?"
