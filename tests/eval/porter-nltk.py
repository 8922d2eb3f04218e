# Prints "WORD<TAB>STEM" for each word read, one a line, as NLTK's
# PorterStemmer (default mode, NLTK_EXTENSIONS) stems it: what
# tests/eval/porter.tsv holds, and what make check-nltk compares it with.
# The words are the file's own first column (to add words, append them to
# the column and run this again):
#   cut -f1 tests/eval/porter.tsv | python3 tests/eval/porter-nltk.py
import sys

from nltk.stem.porter import PorterStemmer

stemmer = PorterStemmer()
for line in sys.stdin:
    word = line.rstrip("\n")
    if word:
        print("%s\t%s" % (word, stemmer.stem(word)))
