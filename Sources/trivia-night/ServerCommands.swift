#if Night
  import NightKit
  import NightRelay
  import TriviaNight

  /// The game's commands on a process that holds players' sockets (`serve`, an edge): frames
  /// written, verdicts built, connections closed. An edge's connections are numbered above its
  /// own (`local` takes them back); `serve`'s are its own. What the commands send is written at
  /// `flush`, which its owner calls after each read's commands (and a close calls first): the
  /// frames one connection is sent together leave together.
  struct ServerCommands: RelayCommand.Handler {
    let server: NightServer
    var local: (ConnectionID) -> ConnectionID = { $0 }
    /// Said to every player if the game's end of the pipe closes before `stop`.
    var lastWords: String?
    private var sends = NightSends()

    init(server: NightServer, local: @escaping (ConnectionID) -> ConnectionID = { $0 }) {
      self.server = server
      self.local = local
    }

    mutating func send(_ text: String, to connections: [ConnectionID]) {
      sends.add(text, to: connections.map(local))
    }

    /// The room's table of verdicts as each player's `you` message: built here, beside the
    /// sockets, so the room encodes no JSON per player.
    mutating func yours(_ rows: [RelayCommand.Personal]) {
      sends.add(
        each: rows.compactMap { personal in
          // A row the room wrote always reads back; one that does not is dropped, not guessed at.
          NightYou(row: personal.row).map { (local(personal.to), NightWire.encode(HostMessage.you($0))) }
        })
    }

    mutating func close(_ connection: ConnectionID) {
      flush()
      server.close(local(connection))
    }

    mutating func lastWords(_ text: String) { lastWords = text }

    /// Writes what the commands so far send.
    mutating func flush() {
      guard !sends.isEmpty else { return }
      server.send(sends)
      sends = NightSends()
    }
  }
#endif
