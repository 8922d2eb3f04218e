/*
 * check_base64.c - the strict base64 codec: RFC 4648 test vectors, both
 * alphabets, padding optional, and every kind of garbage refused.
 */
#include "testutil.h"

#include "adk/base64.h"

static char *enc(const char *s, size_t n)
{
	static struct strbuf sb;
	strbuf_reset(&sb);
	base64_encode(&sb, s, n);
	return sb.buf ? sb.buf : "";
}

/* Decodes text; returns the bytes (static) or NULL when refused. */
static const char *dec(const char *text, size_t *len)
{
	static struct strbuf sb;
	strbuf_reset(&sb);
	strbuf_addstr(&sb, "");
	if (!base64_decode(&sb, text, strlen(text)))
		return NULL;
	if (len)
		*len = sb.len;
	return sb.buf;
}

START_TEST(encodes_rfc4648_vectors)
{
	ck_assert_str_eq(enc("", 0), "");
	ck_assert_str_eq(enc("f", 1), "Zg==");
	ck_assert_str_eq(enc("fo", 2), "Zm8=");
	ck_assert_str_eq(enc("foo", 3), "Zm9v");
	ck_assert_str_eq(enc("foob", 4), "Zm9vYg==");
	ck_assert_str_eq(enc("fooba", 5), "Zm9vYmE=");
	ck_assert_str_eq(enc("foobar", 6), "Zm9vYmFy");
	/* The standard alphabet, whatever the bytes. */
	ck_assert_str_eq(enc("\xfb\xff\xbf", 3), "+/+/");
	ck_assert_str_eq(enc("\0\0", 2), "AAA=");
}
END_TEST

START_TEST(decodes_padded_and_unpadded)
{
	size_t n;
	ck_assert_str_eq(dec("Zm9vYmFy", &n), "foobar");
	ck_assert_uint_eq(n, 6);
	ck_assert_str_eq(dec("Zm9vYg==", NULL), "foob");
	ck_assert_str_eq(dec("Zm9vYg", NULL), "foob");
	ck_assert_str_eq(dec("Zm9vYmE=", NULL), "fooba");
	ck_assert_str_eq(dec("Zm9vYmE", NULL), "fooba");
	ck_assert_str_eq(dec("", &n), "");
	ck_assert_uint_eq(n, 0);
	ck_assert_str_eq(dec("AAA=", &n), "");
	ck_assert_uint_eq(n, 2);
}
END_TEST

START_TEST(decodes_both_alphabets)
{
	ck_assert_str_eq(dec("+/+/", NULL), "\xfb\xff\xbf");
	ck_assert_str_eq(dec("-_-_", NULL), "\xfb\xff\xbf");
	ck_assert_str_eq(dec("_-8", NULL), "\xff\xef");
	ck_assert_str_eq(dec("_-8=", NULL), "\xff\xef");
}
END_TEST

START_TEST(refuses_garbage)
{
	ck_assert_ptr_null(dec("Zm9v!", NULL));
	ck_assert_ptr_null(dec("Zm 9v", NULL));
	ck_assert_ptr_null(dec("Zm9v\n", NULL));
	ck_assert_ptr_null(dec("Z", NULL));     /* a lone character carries no byte */
	ck_assert_ptr_null(dec("Zm9vY", NULL)); /* the same at the end */
	ck_assert_ptr_null(dec("Zg=", NULL));   /* padding that does not complete a quantum */
	ck_assert_ptr_null(dec("Zg===", NULL));
	ck_assert_ptr_null(dec("Zm9v=", NULL));
	ck_assert_ptr_null(dec("Z=g=", NULL)); /* padding inside */
	ck_assert_ptr_null(dec("=", NULL));
	ck_assert_ptr_null(dec("+_", NULL));   /* two alphabets mixed */
	ck_assert_ptr_null(dec("Zh==", NULL)); /* non-zero leftover bits */
	ck_assert_ptr_null(dec("Zm9=", NULL));
}
END_TEST

START_TEST(refusal_leaves_the_buffer_alone)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_addstr(&sb, "keep");
	ck_assert(!base64_decode(&sb, "Zm9vY!", 6));
	ck_assert_str_eq(sb.buf, "keep");
	ck_assert(base64_decode(&sb, "Zm9v", 4));
	ck_assert_str_eq(sb.buf, "keepfoo");
	strbuf_release(&sb);
}
END_TEST

START_TEST(round_trips_every_byte)
{
	char all[256];
	for (int i = 0; i < 256; i++)
		all[i] = (char)i;
	for (size_t n = 0; n <= 256; n += 37) {
		struct strbuf text = STRBUF_INIT, back = STRBUF_INIT;
		base64_encode(&text, all, n);
		ck_assert_uint_eq(text.len, (n + 2) / 3 * 4);
		ck_assert(base64_decode(&back, text.buf ? text.buf : "", text.len));
		ck_assert_uint_eq(back.len, n);
		ck_assert(n == 0 || memcmp(back.buf, all, n) == 0);
		strbuf_release(&text);
		strbuf_release(&back);
	}
}
END_TEST

static Suite *base64_suite(void)
{
	Suite *s = suite_create("base64");
	TCase *tc = tcase_create("codec");
	tcase_add_test(tc, encodes_rfc4648_vectors);
	tcase_add_test(tc, decodes_padded_and_unpadded);
	tcase_add_test(tc, decodes_both_alphabets);
	tcase_add_test(tc, refuses_garbage);
	tcase_add_test(tc, refusal_leaves_the_buffer_alone);
	tcase_add_test(tc, round_trips_every_byte);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(base64_suite()) ? 1 : 0;
}
