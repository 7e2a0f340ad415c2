#if Cluster
  import NightCluster
  import NightKit
  import NightRelay

  /// The game's commands on the room's side of a night over several machines: what goes to
  /// players is routed to the edges that hold them (sent at the end of the batch), what is kept
  /// goes to PostgreSQL.
  struct RoomCommands: RelayCommand.Handler {
    let code: String
    let link: PostgresLink
    let saver: Saver
    /// Each edge's frames from this batch.
    var perEdge: [Int: [UInt8]] = [:]

    mutating func send(_ text: String, to connections: [ConnectionID]) {
      var receivers: [Int: [ConnectionID]] = [:]
      for id in connections { receivers[ClusterChannel.edge(of: id), default: []].append(id) }
      for (edge, ids) in receivers { RelayLines.encode(.send(text, to: ids), into: &perEdge[edge, default: []]) }
    }

    mutating func yours(_ rows: [RelayCommand.Personal]) {
      var tables: [Int: [RelayCommand.Personal]] = [:]
      for row in rows { tables[ClusterChannel.edge(of: row.to), default: []].append(row) }
      for (edge, rows) in tables { RelayLines.encode(.yours(rows), into: &perEdge[edge, default: []]) }
    }

    mutating func close(_ connection: ConnectionID) {
      RelayLines.encode(.close(connection), into: &perEdge[ClusterChannel.edge(of: connection), default: []])
    }

    mutating func lastWords(_ text: String) { saver.lastWords(text, on: link) }

    mutating func save(_ room: String) { saver.save(room, on: link) }

    /// Queued before what this batch sends (the outbox keeps channels in the order first
    /// queued): no player hears of an answer PostgreSQL does not hold.
    mutating func journal(_ lines: String) { link.send(Array(lines.utf8), to: ClusterChannel.journal(code)) }

    mutating func answers(question: Int, json: String) { saver.keep(answers: json, question: question, on: link) }
  }
#endif
