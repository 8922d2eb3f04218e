adkev final -r --invocation e-31873cd6-26e9-4e08-8291-eb2a82cfdfdf "$CORPUS"/adkjs/l_multi_turn.jsonl
adkev final -r --invocation e-5525f9ee-34b9-471b-97ef-e2471b6e7877 "$CORPUS"/adkjs/l_multi_turn.session.json
