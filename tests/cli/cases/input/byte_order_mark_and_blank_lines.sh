printf '\357\273\277{"author":"a","content":{"parts":[{"text":"after a BOM"}]}}\n\n   \n\t\n' | adkev final -r
