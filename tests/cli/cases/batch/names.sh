# A file's name is written as given, escaped as JSON; a name that is not
# UTF-8 (file names are bytes) has each such byte written as U+FFFD.  The
# backward read of final is used on each file: a bad line above the answer
# is never reached, as without --per-file (--full-scan reports it).
a=$SAMPLES/a_plain.jsonl
cp "$a" 'quote"back\slash.jsonl'
cp "$a" "$(printf 'tab\tlatin1-\351.jsonl')"
cp "$a" "$(printf 'line\nbreak.jsonl')"
adkev final --per-file quote* tab* line*; echo "status $?"
adkev stats --per-file --table tab* | head -n 2; echo "status $?"
{ cat "$a"; echo '{"author": oops}'; cat "$a" "$a"; } >late.jsonl
cp "$a" plain.jsonl
adkev final --per-file late.jsonl plain.jsonl; echo "backward: status $?"
adkev final --per-file --full-scan late.jsonl plain.jsonl; echo "--full-scan: status $?"
rm -f quote* tab* line* late.jsonl plain.jsonl
