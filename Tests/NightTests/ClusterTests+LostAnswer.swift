#if Cluster
  import Glibc
  import ProcessSpawn
  import Testing

  extension ClusterTests {
    /// Issue 35: an answer the room took is kept only at its next save (a phase, who is in), so
    /// a room killed just after it comes back without it. Its player, back on the question
    /// still open, is shown the question and asked for its answer again, and the night ends with
    /// the table it would have had: that answer scored once, neither lost nor counted twice.
    @Test func anAnswerTheKilledRoomHadNotKeptIsAskedForAgainAndScoredOnce() async throws {
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
          // P2 is shown the question again and asked for its answer: not a bare prompt, nor
          // "Answer in" for an answer the room no longer has.
          try await p2.waitFor("Connected again.")
          let back = try await p2.waitFor(
            "Your answer to question 3 did not reach the host: answer again.", timeout: .seconds(10))
          #expect(back.contains("Question 3 of 5"), "P2 was not shown the question again: \(back)")
          #expect(!back.contains("Answer in"), "\(back)")
          try await host.waitFor("P2 is back")
          try await p2.waitForQuestion(question)
        }
        try Self.answer(question, players)
      }
      try await Self.expectTheKnownTable(host, players)
      #expect(try cluster.query("SELECT points FROM trivia_answers WHERE name = 'P2' AND question = 3") == "1000")
    }
  }
#endif
