import PostgresNIO

/// The tables and functions of a PostgreSQL store, made and migrated on start.
///
/// `understudy_schema` holds the version reached; each migration runs once, in a transaction,
/// under an advisory lock, so instances starting together migrate once. A database migrated by
/// a newer Understudy is refused rather than misread.
enum PostgresSchema {
    /// Where ``migrations`` end.
    static var version: Int { migrations.count }

    /// Brings the database to ``version``.
    static func migrate(_ pool: PostgresConnectionPool) throws(PostgresStoreError) {
        let found: Int = try pool.transaction { connection in
            // Any number will do, as long as every instance takes the same one.
            try connection.run("SELECT pg_advisory_xact_lock(726173821)")
            try connection.run("CREATE TABLE IF NOT EXISTS understudy_schema (version integer NOT NULL)")
            let rows = try connection.run("SELECT version FROM understudy_schema")
            let current = try rows.first?.decode(Int.self) ?? 0
            guard current <= version else { return current }
            for migration in migrations[current...] {
                for statement in migration { try connection.run(PostgresQuery(unsafeSQL: statement)) }
            }
            if rows.isEmpty {
                try connection.run("INSERT INTO understudy_schema (version) VALUES (\(version))")
            } else {
                try connection.run("UPDATE understudy_schema SET version = \(version)")
            }
            return version
        }
        guard found <= version else {
            throw PostgresStoreError("the database at \(pool.location) holds an Understudy store of schema version \(found), newer "
                + "than this Understudy's \(version). Upgrade this instance, or give it a database of its own.")
        }
    }

    /// Each migration's statements, in order.
    static let migrations: [[String]] = [
        [
            // The stubs' version: every change to the stubs moves it on, and a commit made on
            // an older one is refused (the instance then reloads and matches again).
            "CREATE TABLE understudy_meta (id integer PRIMARY KEY CHECK (id = 1), stubs_version bigint NOT NULL)",
            "INSERT INTO understudy_meta VALUES (1, 1)",
            "CREATE SEQUENCE understudy_stub_order",
            // A stub as WireMock JSON; its order among equals is its first insertion's.
            """
            CREATE TABLE understudy_stubs (
                id uuid PRIMARY KEY, position bigint NOT NULL, namespace text, scenario text, mapping text NOT NULL)
            """,
            // Scenario states per namespace ('' for requests naming none), and each
            // namespace's version of them.
            "CREATE TABLE understudy_scenario_versions (namespace text PRIMARY KEY, version bigint NOT NULL)",
            """
            CREATE TABLE understudy_scenarios (
                namespace text NOT NULL, name text NOT NULL, state text NOT NULL, PRIMARY KEY (namespace, name))
            """,
            // Calls per stub: scope '' counts every namespace's, a namespace's name its own. Each
            // database session counts in a shard of its own (its process id modulo 64), so
            // concurrent requests for one stub never wait on one row; a count is the shards' sum.
            """
            CREATE TABLE understudy_call_counts (
                stub_id uuid NOT NULL, scope text NOT NULL, shard integer NOT NULL, calls bigint NOT NULL,
                PRIMARY KEY (stub_id, scope, shard))
            """,
            "CREATE TABLE understudy_journal (position bigserial PRIMARY KEY, id uuid NOT NULL, namespace text, event text NOT NULL)",
            "CREATE INDEX understudy_journal_id ON understudy_journal (id)",
            // WebSocket message stubs as WireMock 4 JSON; the newest has the highest position.
            "CREATE TABLE understudy_message_stubs (id uuid PRIMARY KEY, position bigint NOT NULL, mapping text NOT NULL)",
            // The admin API's settings document (`/__admin/settings`), shared by the instances.
            "CREATE TABLE understudy_settings (id integer PRIMARY KEY CHECK (id = 1), document text NOT NULL)",
            // The one step of serving: the versions the match was made on still hold, the
            // scenario moves, the call is counted and the request journaled, all or nothing.
            // outcome 0: committed; 1: the stubs changed; 2: the namespace's scenario states changed.
            // p_scenario_version -1: the stubs use no scenario, so states are not checked.
            """
            CREATE FUNCTION understudy_commit(
                p_namespace text, p_stubs_version bigint, p_scenario_version bigint, p_stub uuid, p_scenario text,
                p_new_state text, p_event_id uuid, p_event text, p_capacity bigint)
            RETURNS TABLE (outcome integer, calls bigint, journal_position bigint)
            LANGUAGE plpgsql AS $$
            DECLARE
                v_version bigint;
                v_calls bigint;
                v_position bigint;
            BEGIN
                IF (SELECT stubs_version FROM understudy_meta WHERE id = 1) <> p_stubs_version THEN
                    RETURN QUERY SELECT 1, 0::bigint, 0::bigint;
                    RETURN;
                END IF;
                IF p_scenario_version >= 0 THEN
                    IF p_new_state IS NOT NULL THEN
                        INSERT INTO understudy_scenario_versions VALUES (p_namespace, 0) ON CONFLICT DO NOTHING;
                        SELECT version INTO v_version FROM understudy_scenario_versions WHERE namespace = p_namespace FOR UPDATE;
                    ELSE
                        SELECT coalesce((SELECT version FROM understudy_scenario_versions WHERE namespace = p_namespace), 0)
                            INTO v_version;
                    END IF;
                    IF v_version <> p_scenario_version THEN
                        RETURN QUERY SELECT 2, 0::bigint, 0::bigint;
                        RETURN;
                    END IF;
                    IF p_new_state IS NOT NULL THEN
                        IF p_new_state = 'Started' THEN
                            DELETE FROM understudy_scenarios WHERE namespace = p_namespace AND name = p_scenario;
                        ELSE
                            INSERT INTO understudy_scenarios VALUES (p_namespace, p_scenario, p_new_state)
                                ON CONFLICT (namespace, name) DO UPDATE SET state = excluded.state;
                        END IF;
                        UPDATE understudy_scenario_versions SET version = version + 1 WHERE namespace = p_namespace;
                    END IF;
                END IF;
                INSERT INTO understudy_call_counts VALUES (p_stub, '', pg_backend_pid() % 64, 1)
                    ON CONFLICT (stub_id, scope, shard) DO UPDATE SET calls = understudy_call_counts.calls + 1;
                IF p_namespace <> '' THEN
                    INSERT INTO understudy_call_counts VALUES (p_stub, p_namespace, pg_backend_pid() % 64, 1)
                        ON CONFLICT (stub_id, scope, shard) DO UPDATE SET calls = understudy_call_counts.calls + 1;
                END IF;
                -- The call's number as this transaction sees it (others' uncommitted calls not yet counted).
                SELECT sum(c.calls) INTO v_calls FROM understudy_call_counts c WHERE c.stub_id = p_stub AND c.scope = p_namespace;
                IF p_event IS NOT NULL THEN
                    v_position := understudy_journal_append(p_event_id, p_namespace, p_event, p_capacity);
                END IF;
                RETURN QUERY SELECT 0, v_calls, v_position;
            END
            $$
            """,
            // Journals an entry and drops the one that falls out of the capacity (exactly that
            // one, so concurrent requests never wait on each other's deletes; every 256th also
            // sweeps older ones a rolled-back request left); returns its position.
            """
            CREATE FUNCTION understudy_journal_append(p_id uuid, p_namespace text, p_event text, p_capacity bigint)
            RETURNS bigint LANGUAGE plpgsql AS $$
            DECLARE
                v_position bigint;
            BEGIN
                IF p_capacity <= 0 THEN
                    RETURN NULL;
                END IF;
                INSERT INTO understudy_journal (id, namespace, event) VALUES (p_id, nullif(p_namespace, ''), p_event)
                    RETURNING position INTO v_position;
                IF v_position % 256 = 0 THEN
                    DELETE FROM understudy_journal WHERE position <= v_position - p_capacity;
                ELSE
                    DELETE FROM understudy_journal WHERE position = v_position - p_capacity;
                END IF;
                RETURN v_position;
            END
            $$
            """,
        ],
        [
            // Each instance's journal is written behind its requests, in batches; its row says
            // which flush request it has written up to and when it was last heard from (an
            // instance not heard from for 3 s is taken for dead).
            "CREATE TABLE understudy_instances (id text PRIMARY KEY, flushed_request bigint NOT NULL, seen timestamptz NOT NULL)",
            "CREATE SEQUENCE understudy_flush_requests",
            // Asks every instance to write what it holds: returns the request's number, which
            // each instance's row reaches once it has.
            """
            CREATE FUNCTION understudy_request_flush(p_instance text) RETURNS bigint LANGUAGE plpgsql AS $$
            DECLARE
                v_request bigint := nextval('understudy_flush_requests');
            BEGIN
                PERFORM pg_notify('understudy_changes', 'flush ' || v_request || ':' || p_instance);
                RETURN v_request;
            END
            $$
            """,
            // One batch of an instance's journal entries (in order) and call counts, in one
            // transaction; the journal is trimmed to its capacity and the instance's row moved on.
            """
            CREATE FUNCTION understudy_flush(
                p_instance text, p_request bigint, p_ids uuid[], p_namespaces text[], p_events text[],
                p_stubs uuid[], p_scopes text[], p_calls bigint[], p_capacity bigint)
            RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
                IF p_capacity > 0 AND cardinality(p_ids) > 0 THEN
                    INSERT INTO understudy_journal (id, namespace, event)
                        SELECT i, nullif(n, ''), e FROM unnest(p_ids, p_namespaces, p_events) WITH ORDINALITY AS t(i, n, e, o) ORDER BY o;
                    DELETE FROM understudy_journal WHERE position <= (SELECT max(position) FROM understudy_journal) - p_capacity;
                END IF;
                INSERT INTO understudy_call_counts
                    SELECT s, c, abs(hashtext(p_instance)) % 64, k FROM unnest(p_stubs, p_scopes, p_calls) AS t(s, c, k)
                    ON CONFLICT (stub_id, scope, shard) DO UPDATE SET calls = understudy_call_counts.calls + excluded.calls;
                INSERT INTO understudy_instances VALUES (p_instance, p_request, now())
                    ON CONFLICT (id) DO UPDATE SET flushed_request = greatest(understudy_instances.flushed_request, excluded.flushed_request),
                                                   seen = now();
            END
            $$
            """,
        ],
        [
            // A batch of one instance's scenario moves in a namespace, in one round trip: the
            // namespace's version moves from the one the batch's first request was matched on
            // by the batch's moves, and the states become the batch's last, or nothing changes.
            // p_moves 0 only checks that the states still hold. outcome 0: committed; 1: the
            // stubs changed; 2: the namespace's scenario states changed.
            """
            CREATE FUNCTION understudy_commit_scenarios(
                p_namespace text, p_stubs_version bigint, p_base bigint, p_moves bigint, p_names text[], p_states text[])
            RETURNS integer LANGUAGE plpgsql AS $$
            BEGIN
                IF (SELECT stubs_version FROM understudy_meta WHERE id = 1) <> p_stubs_version THEN
                    RETURN 1;
                END IF;
                IF p_moves = 0 THEN
                    IF coalesce((SELECT version FROM understudy_scenario_versions WHERE namespace = p_namespace), 0) <> p_base THEN
                        RETURN 2;
                    END IF;
                    RETURN 0;
                END IF;
                INSERT INTO understudy_scenario_versions VALUES (p_namespace, 0) ON CONFLICT DO NOTHING;
                UPDATE understudy_scenario_versions SET version = version + p_moves WHERE namespace = p_namespace AND version = p_base;
                IF NOT FOUND THEN
                    RETURN 2;
                END IF;
                DELETE FROM understudy_scenarios WHERE namespace = p_namespace;
                INSERT INTO understudy_scenarios SELECT p_namespace, n, s FROM unnest(p_names, p_states) AS t(n, s);
                RETURN 0;
            END
            $$
            """,
            // Each request's commit of version 1, replaced by the batches above and the write-behind.
            "DROP FUNCTION understudy_commit(text, bigint, bigint, uuid, text, text, uuid, text, bigint)",
            "DROP FUNCTION understudy_journal_append(uuid, text, text, bigint)",
        ],
        [
            // The flush of version 2 trimmed the journal with `position <= max - capacity`: a
            // scan from the journal's start, through every row deleted before and not yet
            // vacuumed (index entries stay until then), which took three quarters of the
            // database's CPU at 30 000 requests/s. A batch now deletes the positions it pushes
            // out of the capacity, a range just past the last batch's; the union over every
            // instance's batches is every position. Each batch that crosses a multiple of
            // 65 536 also sweeps all older rows (a capacity lowered since, or another
            // instance's older capacity).
            """
            CREATE OR REPLACE FUNCTION understudy_flush(
                p_instance text, p_request bigint, p_ids uuid[], p_namespaces text[], p_events text[],
                p_stubs uuid[], p_scopes text[], p_calls bigint[], p_capacity bigint)
            RETURNS void LANGUAGE plpgsql AS $$
            DECLARE
                v_first bigint;
                v_last bigint;
            BEGIN
                IF p_capacity > 0 AND cardinality(p_ids) > 0 THEN
                    WITH inserted AS (
                        INSERT INTO understudy_journal (id, namespace, event)
                            SELECT i, nullif(n, ''), e FROM unnest(p_ids, p_namespaces, p_events) WITH ORDINALITY AS t(i, n, e, o) ORDER BY o
                            RETURNING position)
                    SELECT min(position), max(position) INTO v_first, v_last FROM inserted;
                    IF v_first / 65536 <> v_last / 65536 THEN
                        DELETE FROM understudy_journal WHERE position <= v_last - p_capacity;
                    ELSE
                        DELETE FROM understudy_journal WHERE position BETWEEN v_first - p_capacity AND v_last - p_capacity;
                    END IF;
                END IF;
                INSERT INTO understudy_call_counts
                    SELECT s, c, abs(hashtext(p_instance)) % 64, k FROM unnest(p_stubs, p_scopes, p_calls) AS t(s, c, k)
                    ON CONFLICT (stub_id, scope, shard) DO UPDATE SET calls = understudy_call_counts.calls + excluded.calls;
                INSERT INTO understudy_instances VALUES (p_instance, p_request, now())
                    ON CONFLICT (id) DO UPDATE SET flushed_request = greatest(understudy_instances.flushed_request, excluded.flushed_request),
                                                   seen = now();
            END
            $$
            """,
        ],
    ]
}
