# A file grown past `ulimit -f` is a write error like a full disk: one
# message and exit 74, not a death by SIGXFSZ (status 153 before).  Standard
# output into a file, and --split, whose directory stays as it was.
big="$SAMPLES"/b_tool_call.jsonl
(ulimit -f 1; adkev trajectory $big $big $big $big $big $big >out.json); echo "status $?"
rm -rf split.d
(ulimit -f 1; adkev partition --split split.d $big $big $big $big $big $big 2>err); echo "status $?"
sed 's/ on .*:/ on FILE:/' err
ls split.d 2>/dev/null | wc -l
rm -rf out.json split.d err
