#if Cluster
  import Logging
  import PostgresNIO

  /// A night's tables. `trivia_nights` keeps each night: the address players join at, the room
  /// as last saved (`NightRoom.Saved`'s JSON: players, answers, scores, readable with psql's
  /// json operators) and which backend holds its room; `trivia_edges` numbers the edges and
  /// says which backend each holds, so that an edge whose process died is seen to be gone;
  /// `trivia_frames` holds what was sent to a room or an edge until it takes it;
  /// `trivia_journal` the room's journal (what it took since its last save) until a save holds
  /// it;
  /// `trivia_answers` keeps each question's answers, a row a player, as the room revealed them.
  ///
  /// The room's role owns them and reads everything. Edges may log in with a role of their own,
  /// `edgeRole`, granted what an edge's queries touch and nothing else: frames, the edges'
  /// numbers, and of `trivia_nights` neither `room` (the saved room: tokens' hashes, questions
  /// and their right answers) nor `trivia_answers`.
  public enum NightTables {
    /// The role edges log in with when they have one of their own: the room grants it what an
    /// edge needs each time it makes its tables, if the role exists (the database's superuser
    /// makes it, README says how). Without it, edges log in with the room's role, and are
    /// trusted with all it sees.
    public static let edgeRole = "trivia_edge"

    /// What `edgeRole` may do, each statement `GRANT`ed to it: every query an edge runs
    /// (`register`, `hold`, `newest`, `givenUp`, `forget`, and `PostgresLink`'s rows), and no
    /// more. An edge reads which night to serve and whether its room is gone, never the room.
    static let edgeGrants = [
      "GRANT SELECT (code, address, alive, ended, room_pid, last_words), UPDATE (ended) ON trivia_nights",
      "GRANT SELECT (id, pid), INSERT (pid), UPDATE (pid) ON trivia_edges",
      "GRANT USAGE ON SEQUENCE trivia_edges_id_seq",
      "GRANT SELECT, INSERT, DELETE ON trivia_frames",
      "GRANT USAGE ON SEQUENCE trivia_frames_id_seq",
    ]

    /// Whether the tables an edge uses are there as this trivia makes them: an edge whose role
    /// may not make them waits for a room to.
    public static func exist(on connection: PostgresConnection) async throws -> Bool {
      let rows = try await connection.query(
        """
        SELECT to_regclass('trivia_nights') IS NOT NULL AND to_regclass('trivia_edges') IS NOT NULL
          AND EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('trivia_frames') AND attname = 'at')
        """, logger: PostgresLink.logger)
      for try await exist in rows.decode(Bool.self) { return exist }
      return false
    }

    /// Whether `error` says this role may not do what it asked: an edge's own role, before a
    /// room made the tables and granted it its part.
    public static func isDenied(_ error: any Error) -> Bool {
      (error as? PSQLError)?.serverInfo?[.sqlState] == "42501"
    }

    /// Creates what is missing, under a lock: processes starting together must not race. Then
    /// grants `edgeRole`, if it exists, what an edge needs (again each time: tables made by an
    /// older trivia have no grants).
    public static func create(on connection: PostgresConnection) async throws {
      let logger = PostgresLink.logger
      try await connection.query("BEGIN", logger: logger)
      do {
        try await connection.query("SELECT pg_advisory_xact_lock(7730030)", logger: logger)
        try await connection.query(
          """
          CREATE TABLE IF NOT EXISTS trivia_nights (
            code text PRIMARY KEY, address text NOT NULL, room json, saved timestamptz NOT NULL DEFAULT now(),
            alive timestamptz NOT NULL DEFAULT now(), ended boolean NOT NULL DEFAULT false, room_pid integer,
            last_words text)
          """, logger: logger)
        try await connection.query(
          """
          CREATE TABLE IF NOT EXISTS trivia_edges (
            id serial PRIMARY KEY, pid integer, started timestamptz NOT NULL DEFAULT now())
          """, logger: logger)
        try await connection.query(
          """
          CREATE TABLE IF NOT EXISTS trivia_frames (
            id bigserial PRIMARY KEY, channel text NOT NULL, body bytea NOT NULL,
            at timestamptz NOT NULL DEFAULT clock_timestamp())
          """, logger: logger)
        // Made by a trivia before a row said when it was queued.
        try await connection.query(
          "ALTER TABLE trivia_frames ADD COLUMN IF NOT EXISTS at timestamptz NOT NULL DEFAULT clock_timestamp()",
          logger: logger)
        try await connection.query(
          "CREATE INDEX IF NOT EXISTS trivia_frames_channel ON trivia_frames (channel, id)", logger: logger)
        // The room's journal, apart from the frames: rows nobody takes as they come, only a room
        // that resumes, so no index to keep at each insert (a night's few dozen live rows are
        // read whole), and no grant to edges.
        try await connection.query(
          "CREATE TABLE IF NOT EXISTS trivia_journal (id bigserial, channel text NOT NULL, body bytea NOT NULL)",
          logger: logger)
        try await connection.query(
          """
          CREATE TABLE IF NOT EXISTS trivia_answers (
            code text NOT NULL, question integer NOT NULL, name text NOT NULL, choice integer, ms integer,
            points integer NOT NULL, PRIMARY KEY (code, question, name))
          """, logger: logger)
        // The room as `json`, compressed with lz4 where the server has it: a room of thousands is
        // the largest statement of a night, and jsonb's parse and pglz's compression made each
        // save of 1,000 players take 15 ms of the server's time (3 with json and lz4). Tables
        // made with jsonb are changed once.
        try await connection.query(
          """
          DO $$ BEGIN
            IF (SELECT atttypid FROM pg_attribute WHERE attrelid = 'trivia_nights'::regclass AND attname = 'room')
              = 'jsonb'::regtype THEN
              ALTER TABLE trivia_nights ALTER COLUMN room TYPE json USING room::json;
            END IF;
            BEGIN
              EXECUTE 'ALTER TABLE trivia_nights ALTER COLUMN room SET COMPRESSION lz4';
            EXCEPTION WHEN OTHERS THEN NULL;
            END;
          END $$
          """, logger: logger)
        let grants = edgeGrants.map { "\($0) TO \(edgeRole);" }.joined(separator: "\n")
        try await connection.query(
          PostgresQuery(
            unsafeSQL: """
              DO $$ BEGIN
                IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '\(edgeRole)') THEN
                  \(grants)
                END IF;
              END $$
              """), logger: logger)
        try await connection.query("COMMIT", logger: logger)
      } catch {
        _ = try? await connection.query("ROLLBACK", logger: logger)
        throw error
      }
    }

    /// A night whose room's backend is gone, alive within `grace` seconds, not ended: its
    /// code and its room.
    public static func resumable(grace: Int, on connection: PostgresConnection) async throws -> (String, String)? {
      let rows = try await connection.query(
        """
        SELECT code, room::text FROM trivia_nights n
        WHERE NOT ended AND room IS NOT NULL AND alive > now() - make_interval(secs => \(grace))
          AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = n.room_pid)
        ORDER BY alive DESC LIMIT 1
        """, logger: PostgresLink.logger)
      for try await (code, room) in rows.decode((String, String).self) { return (code, room) }
      return nil
    }

    /// What the room of the night `code` took since it last saved, as it wrote it: lines of
    /// `NightJournalEntry.line`, oldest first.
    public static func journal(code: String, on connection: PostgresConnection) async throws -> String {
      let rows = try await connection.query(
        "SELECT body FROM trivia_journal WHERE channel = \(ClusterChannel.journal(code)) ORDER BY id",
        logger: PostgresLink.logger)
      var journal = ""
      for try await body in rows.decode(ByteBuffer.self) { journal += String(buffer: body) }
      return journal
    }

    /// The night `code` is this room's: its address, its backend; edges hear of it.
    public static func claim(code: String, address: String, on connection: PostgresConnection) async throws {
      try await connection.query(
        """
        INSERT INTO trivia_nights (code, address, room_pid) VALUES (\(code), \(address), pg_backend_pid())
        ON CONFLICT (code) DO UPDATE SET address = excluded.address, room_pid = excluded.room_pid, ended = false,
          saved = now(), alive = now()
        """, logger: PostgresLink.logger)
    }

    /// A new edge's number.
    public static func register(on connection: PostgresConnection) async throws -> Int {
      let rows = try await connection.query(
        "INSERT INTO trivia_edges (pid) VALUES (NULL) RETURNING id", logger: PostgresLink.logger)
      for try await id in rows.decode(Int32.self) { return Int(id) }
      throw NoRow()
    }

    /// The edge's backend, which the room watches: gone, the edge's players are gone.
    public static func hold(edge: Int, on connection: PostgresConnection) async throws {
      try await connection.query(
        "UPDATE trivia_edges SET pid = pg_backend_pid() WHERE id = \(edge)", logger: PostgresLink.logger)
    }

    /// The newest night not ended: its code and the address players join at.
    public static func newest(on link: PostgresLink) async throws -> (String, String)? {
      let rows = try await link.run(
        "SELECT code, address FROM trivia_nights WHERE NOT ended ORDER BY alive DESC LIMIT 1")
      return try rows.first.map { try $0.decode((String, String).self) }
    }

    /// Saves the room (a `NightRoom.Saved`'s JSON), and forgets the journal's rows whose
    /// entries it holds: a resumed room reads only what came after (each row's entries are in
    /// order, so a row whose last entry the save holds is held whole).
    public static func save(room: String, code: String, on link: PostgresLink) async throws {
      _ = try await link.run(
        """
        WITH saved AS (
          UPDATE trivia_nights SET room = \(room)::json, saved = now() WHERE code = \(code)
          RETURNING coalesce((room->>'journaled')::bigint, 0) AS journaled)
        DELETE FROM trivia_journal
        WHERE channel = \(ClusterChannel.journal(code))
          AND substring(convert_from(body, 'UTF8') from '(?:^|\n)([0-9]+) [^\n]*\n$')::bigint
            <= (SELECT journaled FROM saved)
        """)
    }

    /// The room's sign of life, every few seconds: a night whose room stopped is resumed, or
    /// given up by its edges, counting from its last.
    public static func alive(code: String, on link: PostgresLink) async throws {
      _ = try await link.run("UPDATE trivia_nights SET alive = now() WHERE code = \(code)")
    }

    /// Whether the night `code`'s room is gone past `grace` seconds, and what its players are
    /// told then; the night is marked ended (by whichever edge sees it first).
    public static func givenUp(code: String, grace: Int, on link: PostgresLink) async throws -> String?? {
      let rows = try await link.run(
        """
        UPDATE trivia_nights n SET ended = true
        WHERE code = \(code) AND NOT ended AND alive < now() - make_interval(secs => \(grace))
          AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = n.room_pid)
        RETURNING last_words
        """)
      return try rows.first.map { try $0.decode(String?.self) }
    }

    /// A question's answers (`NightPlayerAnswer`s' JSON), a row a player: a room resumed after
    /// its reveal does not write them twice.
    public static func keep(answers json: String, question: Int, code: String, on link: PostgresLink) async throws {
      _ = try await link.run(
        """
        INSERT INTO trivia_answers (code, question, name, choice, ms, points)
        SELECT \(code), \(question), name, choice, ms, points
        FROM json_to_recordset(\(json)::json) AS a(name text, choice integer, ms integer, points integer)
        ON CONFLICT DO NOTHING
        """)
    }

    /// What waits for a reader that will never take it: a dead edge's, an ended night's room's.
    public static func forget(channel: String, on link: PostgresLink) async throws {
      _ = try await link.run("DELETE FROM trivia_frames WHERE channel = \(channel)")
    }

    /// The journal of the night `code`, once it is over.
    public static func forgetJournal(code: String, on link: PostgresLink) async throws {
      _ = try await link.run("DELETE FROM trivia_journal WHERE channel = \(ClusterChannel.journal(code))")
    }

    struct NoRow: Error {}
  }
#endif
