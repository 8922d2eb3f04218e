# Out of memory: one message naming the size asked for (the first allocation
# of final's run, as HACKING.md shows it), exit 71, whatever was written
# before it stays.  A value that is not a count is ignored.
ADKEV_FAIL_ALLOC_AFTER=0 adkev final "$SAMPLES"/a_plain.jsonl 2>&1
ADKEV_FAIL_ALLOC_AFTER=0 adkev final "$SAMPLES"/a_plain.jsonl 2>/dev/null; echo "status $?"
for v in '' abc -1 1x; do ADKEV_FAIL_ALLOC_AFTER=$v adkev final -r "$SAMPLES"/a_plain.jsonl; echo "'$v': status $?"; done
