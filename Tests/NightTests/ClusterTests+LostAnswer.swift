#if Cluster
  import Glibc
  import ProcessSpawn
  import Testing

  extension ClusterTests {
    /// Issue 35: an answer the room took was kept only at its next save (a phase, who is in), so
    /// a room killed just after came back without it, though its player had been told it was
    /// taken. The room now writes it to its journal in PostgreSQL before the player hears, and
    /// the room resumed from the older save takes it again: its player comes back to the
    /// question with its answer in, and the night ends with the table it would have had, that
    /// answer scored once.
    @Test func anAnswerTakenJustBeforeTheRoomIsKilledIsKeptAndScoredOnce() async throws {
      let cluster = try Cluster()
      defer { cluster.stop() }
      try await cluster.start()
      let options = ["--time", "120"]
      let first = try cluster.startHost(options)
      let url = try await cluster.joinURL(first)
      try await cluster.waitForEdges(serving: url)
      var players: [String: PseudoTerminal] = [:]
      for number in 1...3 {
        let name = "P\(number)"
        players[name] = try cluster.player(url, name: name)
        try await first.waitFor("\(name) joined")
      }
      var host = first
      for question in 1...5 {
        for name in players.keys.sorted() { try await players[name]!.waitForQuestion(question) }
        if question == 3 {
          // P2's answer is right, and taken; nobody else has answered, so the question is open.
          let p2 = try #require(players["P2"])
          try p2.type("\(Self.answers[1][question - 1])")
          try await p2.waitFor("Answer in: waiting for the others")
          let room = Cluster.descendants(of: cluster.program(of: first))
          cluster.kill(host: first)
          _ = try await first.waitForExit()
          for pid in await Cluster.survivors(room, within: .seconds(5)) { kill(pid, SIGKILL) }
          host = try cluster.startHost(options)
          try await host.waitFor("resumed from PostgreSQL")
          for name in players.keys.sorted() { try await players[name]!.waitFor("coming back…") }
          try await Self.comeBack(["P1", "P3"], to: question, players, host)
          // P2 comes back to its answer: not asked for it again, nor shown a bare prompt.
          try await p2.waitFor("Connected again.")
          let back = try await p2.waitFor("Answer in: waiting for the others", timeout: .seconds(15))
          #expect(back.contains("Question 3 of 5"), "P2 was not shown the question: \(back)")
          #expect(!back.contains("did not reach the host"), "\(back)")
          try await host.waitFor("P2 is back")
          for (index, name) in [(0, "P1"), (2, "P3")] {
            try players[name]!.type("\(Self.answers[index][question - 1])")
          }
          continue
        }
        try Self.answer(question, players)
      }
      try await Self.expectTheKnownTable(host, players)
      #expect(try cluster.query("SELECT points FROM trivia_answers WHERE name = 'P2' AND question = 3") == "1000")
    }
  }
#endif
