/*
 * evalset.c - adkev evalset: an ADK eval set made from recorded runs, one
 * eval case per run (per session of a source that holds several), as ADK's
 * LocalEvalSetsManager writes one (shared/spec/eval.md section 2): snake_case,
 * indented by 2, members at their defaults left out.
 */
#include "adk/eval.h"
#include "adk/event.h"
#include "adk/redact.h"
#include "adk/store.h"
#include "cmd/eval_runs.h"
#include "cmd/run.h"
#include "write/replace.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct evalset_options {
	struct run_options run;
	const char *id;     /* --id ID, for a single run */
	const char *set_id; /* --set-id ID */
	const char *name;   /* --name NAME */
	const char *append; /* --append FILE */
	const char *output; /* -o FILE */
	bool in_place;      /* --in-place */
	bool force;         /* --force */
	bool final_state;   /* --final-state */
	bool redact;        /* secrets hidden, unless --no-redact */
};

static const struct option_row evalset_option_table[] = {
    OPTION_STRING_ROW(0, "id", "ID", struct evalset_options, id,
                      "the eval_id of the case (a single run)"),
    OPTION_STRING_ROW(0, "set-id", "ID", struct evalset_options, set_id,
                      "the eval_set_id (default: adkev)"),
    OPTION_STRING_ROW(0, "name", "NAME", struct evalset_options, name,
                      "the set's name (default: adkev)"),
    OPTION_PATH_ROW(0, "append", "FILE", COMPLETE_FILE, struct evalset_options, append,
                    "add the cases to the eval set in FILE, and write the whole set"),
    OPTION_TRUE_ROW(0, "force", struct evalset_options, force,
                    "with --append, replace a case of the same eval_id"),
    OPTION_TRUE_ROW(0, "final-state", struct evalset_options, final_state,
                    "give each case the run's final session state"),
    OPTION_PATH_ROW('o', "output", "FILE", COMPLETE_FILE, struct evalset_options, output,
                    "write the set to FILE, whole or not at all"),
    OPTION_TRUE_ROW(0, "in-place", struct evalset_options, in_place,
                    "with --append FILE, write the set back to FILE"),
    OPTION_FALSE_ROW(0, "no-redact", struct evalset_options, redact,
                     "keep secrets; by default they are hidden, as trajectory does"),
    OPTION_TRUE_ROW(0, "redact", struct evalset_options, redact, "hide secrets (the default)"),
    OPTION_INCLUDE_ROW(run_option_table, RUN_COMPACT | RUN_INPUT | RUN_JOBS | RUN_SESSIONS,
                       struct evalset_options, run),
    OPTION_END_ROW,
};

/* The cases' text held in memory before it goes to a temporary file, as eval keeps its set's. */
#define CASES_IN_MEMORY ((size_t)4 << 20)

/*
 * A case made from a run, its text spooled in the state's store: the set is
 * written only once every run was read, and a thousand cases held as jansson
 * values took four times their text.
 */
struct spooled_case {
	char *id;    /* its eval_id, owned */
	uint64_t at; /* where its text starts in the store */
	uint64_t len;
};

struct evalset_state {
	const struct evalset_options *o;
	struct store text; /* the cases' text, laid out to stand in eval_cases */
	int store_status;  /* the store's first failure */
	struct spooled_case *cases;
	size_t count, cap;
	struct eval_run run;
	const char *file;
	const struct redactor *redactor; /* NULL with --no-redact */
	struct strbuf hidden_in;         /* the first cases whose secrets were hidden, named */
	size_t hidden;                   /* how many cases had secrets hidden */
};

/* How many cases the note about hidden secrets names before it counts the others. */
#define HIDDEN_NAMED 5

/* The case's eval_id: --id, else the run's name (eval.md 1.3). */
static char *case_name(const struct evalset_state *st)
{
	return st->o->id ? xstrdup(st->o->id) : eval_run_name(&st->run, st->file);
}

/* The eval case of the run read, as ADK writes one (new reference). */
static json_t *case_of_run(const struct evalset_state *st, const char *name)
{
	/* A file's name need not be UTF-8, nor a database's text; JSON's strings must. */
	json_t *c = json_pack("{s:o,s:o}", "eval_id", json_string_lossy(name), "conversation",
	                      eval_run_invocations(&st->run));
	if (st->run.app_name || st->run.user_id)
		json_object_set_new(
		    c, "session_input",
		    json_pack("{s:o?,s:o?}", "app_name",
		              st->run.app_name ? json_string_lossy(st->run.app_name) : NULL, "user_id",
		              st->run.user_id ? json_string_lossy(st->run.user_id) : NULL));
	if (st->o->final_state && json_object_size(st->run.state))
		json_object_set(c, "final_session_state", st->run.state);
	return c;
}

/* How the set is written: indented by 2 as ADK writes its sets, or -c's one line. */
static unsigned set_flags(const struct evalset_state *st)
{
	return st->o->run.style.compact ? 0 : JW_PRETTY;
}

/* Spools c's text, indented as an element of the set's eval_cases (unless -c). */
static void spool_case(struct evalset_state *st, char *name, const json_t *c)
{
	struct strbuf sb = STRBUF_INIT;
	struct json_writer w;
	jw_init_buf(&w, &sb, set_flags(st));
	jw_set_level(&w, 2);
	jw_value(&w, c);
	jw_release(&w);
	if (st->count == st->cap) {
		st->cap = st->cap ? 2 * st->cap : 16;
		st->cases = xrealloc(st->cases, st->cap * sizeof *st->cases);
	}
	st->cases[st->count++] =
	    (struct spooled_case){name, store_append(&st->text, sb.buf, sb.len), sb.len};
	strbuf_release(&sb);
}

/*
 * The turns of the case with no text answer (a tool confirmation, an auth
 * request, a model error), said once: response_match_score will leave them
 * NOT_EVALUATED, which the user should know before committing the set.
 */
static void note_textless_turns(const struct evalset_state *st, const char *name, const json_t *c)
{
	struct strbuf turns = STRBUF_INIT;
	size_t i, n = 0;
	json_t *inv;
	json_array_foreach(adk_get(c, ADK_CONVERSATION), i, inv)
	{
		if (!eval_text_answer(inv))
			strbuf_addf(&turns, "%s%zu", n++ ? ", " : "", i + 1);
	}
	if (n)
		warnx_msg(
		    "%s: case '%s': turn%s %s ha%s no text answer, which response_match_score "
		    "leaves NOT_EVALUATED",
		    st->file, name, n > 1 ? "s" : "", turns.buf, n > 1 ? "ve" : "s");
	strbuf_release(&turns);
}

/*
 * The case as it goes into the set, with secrets hidden (trajectory's rules);
 * the cases where some were are counted for note_hidden().  The caller owns
 * the result; c is taken.
 */
static json_t *redacted_case(struct evalset_state *st, const char *name, json_t *c)
{
	if (!st->redactor || !redact_hides(st->redactor, c))
		return c;
	if (st->hidden++ < HIDDEN_NAMED)
		strbuf_addf(&st->hidden_in, "%s'%s'", st->hidden > 1 ? ", " : "", name);
	json_t *clean = redact_json(st->redactor, c);
	json_decref(c);
	return clean;
}

/* Says once, since the set is a file people commit, in which cases secrets were hidden. */
static void note_hidden(const struct evalset_state *st)
{
	if (!st->hidden)
		return;
	struct strbuf more = STRBUF_INIT;
	if (st->hidden > HIDDEN_NAMED)
		strbuf_addf(&more, " and %zu more", st->hidden - HIDDEN_NAMED);
	warnx_msg("secrets hidden as \"" REDACTED "\" in case%s %s%s; --no-redact keeps them",
	          st->hidden > 1 ? "s" : "", st->hidden_in.buf, more.buf ? more.buf : "");
	strbuf_release(&more);
}

static void finish_case(struct evalset_state *st)
{
	if (!st->run.any)
		return;
	char *name = case_name(st);
	json_t *c = redacted_case(st, name, case_of_run(st, name));
	note_textless_turns(st, name, c);
	spool_case(st, name, c);
	json_decref(c);
	eval_run_restart(&st->run);
}

static int evalset_item(void *ctx, struct reader *r, const struct reader_item *item)
{
	struct evalset_state *st = ctx;
	(void)r;
	if (eval_run_ends_before(&st->run, item))
		finish_case(st);
	eval_run_add(&st->run, item);
	return 0;
}

/* A run read: its case made (nothing is written unless every run was read whole). */
static void read_done(void *ctx, int status)
{
	(void)status;
	finish_case(ctx);
}

/* The set to append to, or a new one (--append of a file not there yet starts one). */
static json_t *base_set(const struct evalset_options *o, int *status)
{
	bool fresh = !o->append || (strcmp(o->append, "-") != 0 && access(o->append, F_OK) != 0 &&
	                            errno == ENOENT);
	if (o->append && fresh)
		warnx_msg("%s: no such file: a new eval set is started", o->append);
	if (fresh)
		return json_pack("{s:o,s:o,s:[]}", "eval_set_id",
		                 json_string_lossy(o->set_id ? o->set_id : "adkev"), "name",
		                 json_string_lossy(o->name ? o->name : "adkev"), "eval_cases");
	json_t *set = run_read_value(o->append, status);
	if (set && !json_is_array(adk_get(set, ADK_EVAL_CASES))) {
		warnx_msg("%s: not an eval set (no eval_cases array)", o->append);
		json_decref(set);
		set = NULL;
		*status = EXIT_DATAERR;
	}
	return set;
}

/*
 * Where each case of the set written goes: an old case of --append's set
 * (at its place, or a new case in its stead) or a new one after them.
 */
struct slot {
	size_t old;   /* the old case's index, or SIZE_MAX for a new case appended */
	size_t fresh; /* the new case written there, or SIZE_MAX for the old one */
};

/* The eval_id of slot k, for the search of a new case's place. */
static bool slot_has_id(const struct slot *k, const json_t *old, const struct spooled_case *cases,
                        const char *id)
{
	if (k->fresh != SIZE_MAX)
		return strcmp(cases[k->fresh].id, id) == 0;
	const char *was = json_string_value(adk_get(json_array_get(old, k->old), ADK_EVAL_ID));
	return was && strcmp(was, id) == 0;
}

/*
 * Places the new cases among the set's old ones (a case of an eval_id
 * already there takes its place with --force); *slots gets the set's cases
 * in order (owned).  65, and nothing placed, for an eval_id already there.
 */
static int place_cases(const struct evalset_state *st, const json_t *old, struct slot **slots,
                       size_t *count)
{
	size_t n = json_array_size(old);
	struct slot *s = xmalloc((n + st->count + 1) * sizeof *s);
	for (size_t j = 0; j < n; j++)
		s[j] = (struct slot){j, SIZE_MAX};
	for (size_t i = 0; i < st->count; i++) {
		size_t j = 0;
		while (j < n && !slot_has_id(&s[j], old, st->cases, st->cases[i].id))
			j++;
		if (j < n && !st->o->force) {
			warnx_msg("%s: eval_id '%s' is there already; --force replaces it",
			          st->o->append ? st->o->append : "<set>", st->cases[i].id);
			free(s);
			return EXIT_DATAERR;
		}
		if (j == n)
			s[n++] = (struct slot){SIZE_MAX, i};
		else
			s[j].fresh = i;
	}
	*slots = s;
	*count = n;
	return 0;
}

/* store_emit()'s emit: a piece of a spooled case's text. */
static bool raw_piece(void *ctx, const char *p, size_t n)
{
	jw_raw_piece(ctx, p, n);
	return true;
}

static void write_cases(struct json_writer *w, struct evalset_state *st, const json_t *old,
                        const struct slot *slots, size_t count)
{
	jw_array_begin(w);
	for (size_t k = 0; k < count; k++) {
		if (slots[k].fresh == SIZE_MAX) {
			jw_value(w, json_array_get(old, slots[k].old));
			continue;
		}
		const struct spooled_case *c = &st->cases[slots[k].fresh];
		jw_raw_begin(w);
		store_emit(&st->text, c->at, c->len, raw_piece, w);
		jw_raw_end(w);
	}
	jw_array_end(w);
}

/* Writes set to w, its eval_cases those of slots[0..count). */
static void write_set(struct json_writer *w, struct evalset_state *st, const json_t *set,
                      const struct slot *slots, size_t count)
{
	const json_t *old = adk_get(set, ADK_EVAL_CASES);
	const char *key;
	size_t key_len;
	json_t *member;
	jw_object_begin(w);
	json_object_keylen_foreach((json_t *)set, key, key_len, member)
	{
		jw_keyn(w, key, key_len);
		if (member == old)
			write_cases(w, st, old, slots, count);
		else
			jw_value(w, member);
	}
	jw_object_end(w);
	jw_line_end(w);
}

/* jw_init_sink()'s sink for -o: a piece of the set, to its temporary file. */
static bool replacement_piece(void *ctx, const char *p, size_t n)
{
	struct replacement *file = ctx;
	replacement_write(file, p, n);
	return file->error == 0;
}

/* Writes the set to path through a temporary file renamed over it (replace.h): 0, 73 or 74. */
static int write_set_to_file(struct evalset_state *st, const json_t *set, const char *path,
                             const struct slot *slots, size_t count)
{
	struct replacement file;
	if (!replacement_open(&file, path)) {
		warn_errno(errno, "%s: cannot write the set", path);
		return EXIT_CANTCREAT;
	}
	struct json_writer w;
	jw_init_sink(&w, set_flags(st), replacement_piece, &file);
	write_set(&w, st, set, slots, count);
	jw_release(&w);
	int status = 0, error = replacement_commit(&file);
	if (error) {
		warn_errno(error, "%s", path);
		status = EXIT_IOERR;
	}
	replacement_release(&file);
	return status;
}

/*
 * Places the cases and writes set, to -o's file (--in-place's: --append's)
 * or standard output; 65 for an eval_id already there.
 */
static int write_result(struct evalset_state *st, const json_t *set)
{
	struct slot *slots;
	size_t count;
	int status = place_cases(st, adk_get(set, ADK_EVAL_CASES), &slots, &count);
	if (status)
		return status;
	const char *path = st->o->in_place ? st->o->append : st->o->output;
	if (path)
		status = write_set_to_file(st, set, path, slots, count);
	else /* main()'s output_finish() reports a write error, once */
		write_set(output_writer(), st, set, slots, count);
	free(slots);
	return status;
}

static void evalset_state_release(struct evalset_state *st)
{
	for (size_t i = 0; i < st->count; i++)
		free(st->cases[i].id);
	free(st->cases);
	store_release(&st->text);
	eval_run_release(&st->run);
	strbuf_release(&st->hidden_in);
}

static int run_evalset(int argc, char *argv[])
{
	/* Secrets are hidden unless --no-redact: the set is a file people commit. */
	struct evalset_options o = {.redact = true};
	int status = command_parse(&command_evalset, argc, argv, &o);
	if (status >= 0)
		return status;
	status = 0;
	argc -= optind;
	argv += optind;
	if (o.id && argc > 1)
		return command_usage_error(&command_evalset, "--id names the case of a single run");
	if (o.in_place && (!o.append || o.output || strcmp(o.append, "-") == 0))
		return command_usage_error(
		    &command_evalset, o.output ? "--in-place and -o: give one"
		                               : "--in-place writes back the set of --append FILE");
	json_t *set = base_set(&o, &status);
	if (!set)
		return status;
	struct redactor redactor;
	if (o.redact)
		redactor_init(&redactor, false, NULL, 0);
	struct evalset_state st = {.o = &o, .redactor = o.redact ? &redactor : NULL};
	store_init(&st.text, "evalset", CASES_IN_MEMORY, &st.store_status);
	eval_run_init(&st.run);
	char *stdin_name[] = {"-"};
	struct run_plan plan = {.item = evalset_item, .ctx = &st};
	struct eval_runs how = {.plan = &plan,
	                        .o = &o.run,
	                        .run = &st.run,
	                        .finish = read_done,
	                        .ctx = &st,
	                        .file = &st.file};
	for (int i = 0; i < (argc ? argc : 1); i++) {
		char **arg = argc ? &argv[i] : stdin_name;
		st.file = strcmp(*arg, "-") == 0 ? "stdin" : *arg;
		status = exit_status_worst(status, eval_runs_read(&how, *arg));
	}
	/* --id names one case: a source of several sessions is refused as several operands are. */
	if (!status && o.id && st.count > 1)
		status = command_usage_error(&command_evalset,
		                             "--id names the case of a single run; %s holds %zu runs",
		                             argc ? argv[0] : "stdin", st.count);
	status = exit_status_worst(status, st.store_status);
	/* Nothing half written: the set only when every run was read. */
	if (!status) {
		note_hidden(&st);
		o.run.style.pretty = !o.run.style.compact; /* as set_flags() says */
		output_set_style(o.run.style);
		status = write_result(&st, set);
	}
	evalset_state_release(&st);
	if (o.redact)
		redactor_release(&redactor);
	json_decref(set);
	return status;
}

const struct command command_evalset = {
    .name = "evalset",
    .summary = "Write an ADK eval set made from recorded runs.",
    .options = evalset_option_table,
    .operands = "[RUN ...]",
    .run = run_evalset,
};
