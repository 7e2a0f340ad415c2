#if Cluster
  import PostgresNIO

  /// The statements a link runs at every window and every NOTIFY, prepared once a connection:
  /// the server then neither parses, analyses nor plans them again, which was about a third of
  /// its CPU an answer (perf on figure 8 over 2 edges). PostgresNIO prepares each on first use,
  /// by its type's name, and again on a new connection.
  enum LinkStatements {
    /// Every row of a queue's channel, in the order sent, with how long each waited in the table.
    struct Take: PostgresPreparedStatement {
      static let sql = """
        WITH taken AS (DELETE FROM trivia_frames WHERE channel = $1 RETURNING id, body, at)
        SELECT id, body, greatest(0, (extract(epoch FROM clock_timestamp() - at) * 1000)::integer)
        FROM taken ORDER BY id
        """
      typealias Row = (Int64, ByteBuffer, Int32)
      let channel: String

      func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(channel)
        return bindings
      }

      func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// A window's rows of queued channels, in the order queued, each timed back by how long it
    /// waited in the sender, and each channel told its newest row.
    struct Send: PostgresPreparedStatement {
      static let sql = statement(journal: "")
      typealias Row = ()
      let rows: Rows

      func makeBindings() -> PostgresBindings { rows.bindings }
      func decodeRow(_ row: PostgresRow) {}
    }

    /// `Send` with the room's journal: its kept channels' rows go to their own table in the same
    /// statement, so a window's journal and verdicts are kept together or not at all. An edge,
    /// which keeps none, never prepares it: its role may not name that table.
    struct SendKept: PostgresPreparedStatement {
      static let sql = statement(
        journal:
          "j AS (INSERT INTO trivia_journal (channel, body) SELECT c, b FROM r WHERE c IN (SELECT c FROM k) ORDER BY n),"
      )
      typealias Row = ()
      let rows: Rows

      func makeBindings() -> PostgresBindings { rows.bindings }
      func decodeRow(_ row: PostgresRow) {}
    }

    /// A NOTIFY every edge hears.
    struct Broadcast: PostgresPreparedStatement {
      static let sql = "SELECT pg_notify($1, $2)"
      typealias Row = ()
      let channel: String
      let payload: String

      func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(channel)
        bindings.append(payload)
        return bindings
      }

      func decodeRow(_ row: PostgresRow) {}
    }

    /// A window's rows as `Send` binds them: the channels kept (never NOTIFYd), then a column
    /// each of channel, body and milliseconds waited.
    struct Rows: Sendable {
      var kept: [String]
      var channels: [String] = []
      var bodies: [ByteBuffer] = []
      var waits: [Int32] = []

      var bindings: PostgresBindings {
        var bindings = PostgresBindings(capacity: 4)
        bindings.append(kept)
        bindings.append(channels)
        bindings.append(bodies)
        bindings.append(waits)
        return bindings
      }
    }

    private static func statement(journal: String) -> String {
      """
      WITH k AS (SELECT unnest($1::text[]) AS c),
      r AS (SELECT * FROM unnest($2::text[], $3::bytea[], $4::int4[]) WITH ORDINALITY AS r(c, b, w, n)),
      \(journal)
      f AS (
        INSERT INTO trivia_frames (channel, body, at)
        SELECT c, b, clock_timestamp() - make_interval(secs => w::float8 / 1000)
        FROM r WHERE c NOT IN (SELECT c FROM k)
        ORDER BY n
        RETURNING id, channel)
      SELECT pg_notify(channel, max(id)::text) FROM f GROUP BY channel
      """
    }
  }
#endif
