#if Night
  import Foundation
  import Glibc
  import Testing

  /// A terminal player whose program dies comes back as itself: its place is kept while the
  /// night lasts (issue 27).
  @Suite struct ComingBackTests {
    @Test func aKilledPlayerJoinsAgainAsItselfWithItsScore() async throws {
      let sandbox = try Sandbox()
      // With --seed 3 the first question's right choice is the second.
      let (host, url) = try await WireTests.liveHost(sandbox, ["--time", "60", "--start-when", "2", "--count", "2"])
      let tara = try NightProcess(
        ["join", url, "--name", "Tara", "--no-color", "--script", try sandbox.write("tara.txt", "2\n")], in: sandbox)
      let (ann, _) = try await WirePlayer.join(url, name: "Ann")
      _ = try await ann.receive { $0.isQuestion }
      ann.send(.answer(question: 1, choice: 0))
      _ = try await host.waitFor("Question 1 of 2: the answers")
      try await tara.waitFor("in all · ")
      #expect(tara.text.contains("Correct!"), "\(tara.text)")
      let kept = sandbox.root + "/state/trivia/nights"
      #expect(try FileManager.default.contentsOfDirectory(atPath: kept).contains { $0.hasSuffix(".json") })
      tara.kill()
      _ = try await host.waitFor("Tara left")

      // No name given: the kept place has it.
      let again = try NightProcess(
        ["join", url, "--no-color", "--script", try sandbox.write("again.txt", "")], in: sandbox)
      _ = try await host.waitFor("Tara is back")
      try await again.waitFor("Back in \(url) as Tara")
      try host.type("next")
      try await again.waitFor("Standings after question 1 of 2")
      try host.type("end")
      _ = try await host.waitFor("End the night for")
      try host.type("y")
      #expect(try await again.waitForExit() == 0, "\(again.text)")
      #expect(again.text.contains("Tara"), "\(again.text)")
      #expect(!again.text.contains("Your name in the night"), "\(again.text)")
      // Her row keeps the points she won before she was killed.
      let table = again.text[try #require(again.text.range(of: "Standings after question 1 of 2")).upperBound...]
      let row = try #require(table.split(separator: "\n").first { $0.contains("Tara") })
      let points = row.split(separator: " ").compactMap { Int($0.replacingOccurrences(of: ",", with: "")) }
      #expect(points.count >= 2 && points[1] >= 500, "\(row)")
      // The night is over for Tara: nothing is kept to come back to.
      #expect(try FileManager.default.contentsOfDirectory(atPath: kept).allSatisfy { !$0.hasSuffix(".json") })
    }

    /// Issue 35: `trivia-night connect` killed is no departure. `trivia join` starts another,
    /// which comes back with the token: the host sees Tara back, and she has her name and score
    /// without typing anything; her place stays kept until the night ends.
    @Test func aPlayerWhoseNetworkHelperIsKilledComesBackByItselfWithItsScore() async throws {
      let sandbox = try Sandbox()
      // With --seed 3 the first question's right choice is the second.
      let (host, url) = try await WireTests.liveHost(sandbox, ["--time", "60", "--start-when", "2", "--count", "2"])
      let tara = try NightProcess(
        ["join", url, "--name", "Tara", "--no-color", "--script", try sandbox.write("tara.txt", "2\n")], in: sandbox)
      let (ann, _) = try await WirePlayer.join(url, name: "Ann")
      _ = try await ann.receive { $0.isQuestion }
      ann.send(.answer(question: 1, choice: 0))
      try await host.waitFor("Question 1 of 2: the answers")
      try await tara.waitFor("in all · ")
      #expect(tara.text.contains("Correct!"), "\(tara.text)")
      let helper = try #require(
        ProcessTree.children(of: tara.pid).first { ProcessTree.arguments(of: $0).dropFirst().first == "connect" })
      kill(helper, SIGKILL)

      try await host.waitFor("Tara is back", timeout: .seconds(10))
      try await tara.waitFor("Connected again.", timeout: .seconds(10))
      #expect(!tara.text.contains("cannot be reached"), "\(tara.text)")
      let kept = sandbox.root + "/state/trivia/nights"
      #expect(try FileManager.default.contentsOfDirectory(atPath: kept).contains { $0.hasSuffix(".json") })
      try host.type("next")
      try await tara.waitFor("Standings after question 1 of 2", timeout: .seconds(10))
      try host.type("end")
      try await host.waitFor("End the night for")
      try host.type("y")
      #expect(try await tara.waitForExit(timeout: .seconds(10)) == 0, "\(tara.text)")
      // Her row keeps the points she won before her helper was killed.
      let table = tara.text[try #require(tara.text.range(of: "Standings after question 1 of 2")).upperBound...]
      let row = try #require(table.split(separator: "\n").first { $0.contains("Tara") })
      let points = row.split(separator: " ").compactMap { Int($0.replacingOccurrences(of: ",", with: "")) }
      #expect(points.count >= 2 && points[1] >= 500, "\(row)")
      // The night is over for Tara: nothing is kept to come back to.
      #expect(try FileManager.default.contentsOfDirectory(atPath: kept).allSatisfy { !$0.hasSuffix(".json") })
    }

    @Test func twoPlayersOfOneNightOnOneMachineKeepTheirOwnPlaces() async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await WireTests.liveHost(sandbox, ["--start-when", "9"])
      let ann = try NightProcess(
        ["join", url, "--name", "Ann", "--no-color", "--script", try sandbox.write("ann.txt", "")], in: sandbox)
      _ = try await host.waitFor("Ann joined")
      let bob = try NightProcess(
        ["join", url, "--name", "Bob", "--no-color", "--script", try sandbox.write("bob.txt", "")], in: sandbox)
      _ = try await host.waitFor("Bob joined")
      try await bob.waitFor("You are in as Bob")
      withExtendedLifetime(ann) {}
    }
  }
#endif
