// query.mjs - DuckDB's read_json over an ADK event stream, for make bench.
//
//   node query.mjs QUERY FILE THREADS
//
// QUERY is stats (the events, the invocations and the tokens adkev stats
// counts, both spellings) or final (the plain final answer, camelCase only,
// as bench/jq/plain-final.jq has it).  Prints the answer as one JSON line on
// standard output and the query's own wall time, in seconds, on standard
// error: DuckDB's time without node's start and the module's load.
import { DuckDBInstance } from '@duckdb/node-api';

const [query, file, threads] = process.argv.slice(2);
const quoted = "'" + file.replaceAll("'", "''") + "'";

// Usage is counted as adkev stats counts it (adkev-stats(1), token_usage):
// once per model call, skipping partial events and an event whose usage
// repeats the previous counted one of the same author and invocation.
const stats = `
WITH e AS (
  SELECT row_number() OVER () AS n, author,
         coalesce(invocationId, invocation_id) AS inv,
         coalesce(partial, false) AS partial,
         coalesce(usageMetadata, usage_metadata) AS u
  FROM read_json(${quoted}, format = 'newline_delimited', columns = {
    author: 'VARCHAR', invocationId: 'VARCHAR', invocation_id: 'VARCHAR',
    partial: 'BOOLEAN', usageMetadata: 'JSON', usage_metadata: 'JSON'})),
c AS (
  SELECT u, u IS DISTINCT FROM lag(u) OVER (PARTITION BY author, inv ORDER BY n) AS fresh
  FROM e WHERE NOT partial AND u IS NOT NULL)
SELECT (SELECT count(*) FROM e) AS events,
       (SELECT count(DISTINCT inv) FROM e) AS invocations,
       sum(coalesce(u->>'$.promptTokenCount', u->>'$.prompt_token_count')::BIGINT) AS input_tokens,
       sum(coalesce(u->>'$.candidatesTokenCount', u->>'$.candidates_token_count')::BIGINT) AS output_tokens,
       sum(coalesce(u->>'$.totalTokenCount', u->>'$.total_token_count')::BIGINT) AS total_tokens,
       sum(coalesce(u->>'$.thoughtsTokenCount', u->>'$.thoughts_token_count')::BIGINT) AS thoughts_tokens
FROM c WHERE fresh`;

// The plain final answer: the last non-thought text of the last
// non-partial, non-user event that has one (bench/jq/plain-final.jq).
const final = `
WITH e AS (
  SELECT row_number() OVER () AS n,
         list_filter(CAST(json_extract(content, '$.parts[*]') AS JSON[]),
                     lambda p: p->>'$.text' IS NOT NULL AND coalesce(p->>'$.thought', 'false') = 'false') AS texts
  FROM read_json(${quoted}, format = 'newline_delimited', columns = {
    author: 'VARCHAR', partial: 'BOOLEAN', content: 'JSON'})
  WHERE coalesce(partial, false) = false AND author IS DISTINCT FROM 'user')
SELECT texts[-1]->>'$.text' AS final FROM e WHERE len(texts) > 0 ORDER BY n DESC LIMIT 1`;

const sql = { stats, final }[query];
if (!sql) {
  console.error(`query.mjs: unknown query '${query}'`);
  process.exit(64);
}
const instance = await DuckDBInstance.create(':memory:', { threads: String(threads) });
const connection = await instance.connect();
const t0 = process.hrtime.bigint();
const reader = await connection.runAndReadAll(sql);
const t1 = process.hrtime.bigint();
const rows = reader.getRowObjectsJson();
process.stdout.write(JSON.stringify(rows[0]) + '\n');
process.stderr.write((Number(t1 - t0) / 1e9).toFixed(4) + '\n');
