# Prints "WORD<TAB>STEM" for each word of tests/eval/porter-words.txt as
# NLTK's PorterStemmer (default mode, NLTK_EXTENSIONS) stems it: what
# tests/eval/porter.tsv holds, and what make check-nltk compares it with.
#   python3 tests/eval/porter-nltk.py < tests/eval/porter-words.txt
import sys

from nltk.stem.porter import PorterStemmer

stemmer = PorterStemmer()
for line in sys.stdin:
    word = line.rstrip("\n")
    if word:
        print("%s\t%s" % (word, stemmer.stem(word)))
