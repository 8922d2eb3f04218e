# Lines are cut to --width, else $COLUMNS, else 80 columns when standard
# output is not a terminal.
f=$CORPUS/adkjs/j_secrets.session.jsonl
unset COLUMNS
adkev show "$f"
echo ---
COLUMNS=60 adkev show "$f"
echo ---
COLUMNS=60 adkev show --width 50 "$f"
echo ---
# Too narrow to hold a value: ten columns of it are shown all the same.
adkev show --width 20 "$f"
