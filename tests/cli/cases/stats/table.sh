# --table: the same numbers as an aligned text table, here over every
# recorded session of the corpus.
adkev stats --table "$CORPUS"/adkjs/*.session.jsonl
