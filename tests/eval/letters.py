# Writes src/adk/letters.c: the ranges of code points Python's unicodedata
# calls letters (a category starting with "L"), each marked Latin when the
# character's name holds "LATIN" -- what ADK's _is_latin_script() asks of each
# character (final_response_match_v1.py).  Run with the Python ADK runs on:
#   python3 tests/eval/letters.py > src/adk/letters.c
import sys
import unicodedata

ranges = []
for cp in range(0x110000):
    c = chr(cp)
    if not unicodedata.category(c).startswith("L"):
        continue
    latin = "LATIN" in unicodedata.name(c, "")
    if ranges and ranges[-1][1] == cp - 1 and ranges[-1][2] == latin:
        ranges[-1][1] = cp
    else:
        ranges.append([cp, cp, latin])
out = sys.stdout
out.write("/*\n * letters.c - made by tests/eval/letters.py from Python %s's unicodedata\n"
          " * (Unicode %s): do not edit.  The code points that are letters, in\n"
          " * ranges, each marked Latin or not, for rouge.c's Latin-script test.\n */\n"
          % (sys.version.split()[0], unicodedata.unidata_version))
out.write('#include "adk/rouge.h"\n\n/* clang-format off */\n')
out.write("const struct letter_range letter_ranges[] = {\n")
for lo, hi, latin in ranges:
    out.write("    {0x%X, 0x%X, %d},\n" % (lo, hi, 1 if latin else 0))
out.write("};\n/* clang-format on */\n")
out.write("const size_t letter_range_count = sizeof letter_ranges / sizeof *letter_ranges;\n")
