// bench/simdjson/lines.cpp - the reference for issue 26's one core at 1 GB/s:
// simdjson (Debian's libsimdjson-dev) parsing every line of a JSONL file on
// one core, each line checked whole and its DOM built, as adkev -j 1 checks
// every line.  The file is read as adkev reads it, a block at a time into
// one buffer with the line cut at its end carried over.  Not part of adkev:
// make bench builds it into BENCH_DIR.
//
//   lines FILE   prints "LINES BAD" on stdout, and on stderr the seconds
//                spent parsing (not reading) and simdjson's kernel
#include <simdjson.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <vector>

namespace {

const size_t block = 1 << 20;

struct counts {
	size_t lines = 0, bad = 0;
	std::chrono::duration<double> parsing{0};
};

// Parses the whole lines of p[0..n) and returns how many bytes they took;
// at the end of the file (last) the rest is a line too.
size_t parse_lines(simdjson::dom::parser &parser, const char *p, size_t n, bool last, counts &c)
{
	auto started = std::chrono::steady_clock::now();
	size_t at = 0;
	while (at < n) {
		const char *nl = static_cast<const char *>(std::memchr(p + at, '\n', n - at));
		if (!nl && !last)
			break;
		size_t len = (nl ? nl - p : n) - at;
		// The buffer is padded, so a line's padding is whatever follows it.
		simdjson::dom::element line;
		if (len && parser.parse(p + at, len, false).get(line))
			c.bad++;
		c.lines++;
		at += len + 1;
	}
	c.parsing += std::chrono::steady_clock::now() - started;
	return at < n ? at : n;
}

} // namespace

int main(int argc, char **argv)
{
	int fd = argc == 2 ? open(argv[1], O_RDONLY) : -1;
	if (fd < 0) {
		std::fprintf(stderr, "usage: lines FILE (a readable file)\n");
		return 2;
	}
	simdjson::dom::parser parser;
	std::vector<char> buf(2 * block + simdjson::SIMDJSON_PADDING);
	counts c;
	size_t have = 0;
	for (;;) {
		if (have + block > 2 * block) {
			std::fprintf(stderr, "lines: a line over %zu bytes\n", block);
			return 1;
		}
		ssize_t got = read(fd, buf.data() + have, block);
		if (got < 0) {
			std::perror("lines: read");
			return 1;
		}
		have += got;
		size_t used = parse_lines(parser, buf.data(), have, got == 0, c);
		std::memmove(buf.data(), buf.data() + used, have - used);
		have -= used;
		if (got == 0)
			break;
	}
	std::printf("%zu %zu\n", c.lines, c.bad);
	std::fprintf(stderr, "%.4f %s\n", c.parsing.count(),
	             simdjson::get_active_implementation()->name().c_str());
	return 0;
}
