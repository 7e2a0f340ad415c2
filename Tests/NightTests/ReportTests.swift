#if Night
  import Foundation
  import NightKit
  import Testing

  /// `trivia nights export N --to FILE` (issue 29): the night's report, one row per player per
  /// question, read back with Python's csv module and checked against the night as it was played.
  @Suite struct ReportTests {
    /// A name a spreadsheet would take for a formula, with a comma and quotes in it.
    static let hostile = "=SUM(1,2) \"Bo\""

    @Test func theReportIsTheNightAsPlayedAndASpreadsheetReadsItAsItIs() async throws {
      let sandbox = try Sandbox()
      // With the history (no --no-history): the host keeps the night there.
      let host = try NightProcess(
        [
          "host", "--port", "0", "--bind", "127.0.0.1", "--seed", "3", "--count", "2", "--start-when", "2", "--auto",
          "--no-color", "--script", try sandbox.write("host.txt", ""),
        ], in: sandbox)
      guard let url = try await host.joinURLs().last else { throw Failure("no Join: line in\n\(host.text)") }
      let (ann, _) = try await WirePlayer.join(url, name: "Ann")
      let (bob, _) = try await WirePlayer.join(url, name: Self.hostile)
      // Ann takes the first answer of each question, the other player the last; what is right
      // is learned at each reveal.
      var played: [(question: NightQuestionView, correct: Int)] = []
      for _ in 1...2 {
        let asked = try #require(try await ann.receive { $0.isQuestion }.last?.message.question)
        _ = try await bob.receive { $0.isQuestion }
        ann.send(.answer(question: asked.number, choice: 0))
        bob.send(.answer(question: asked.number, choice: asked.choices.count - 1))
        guard case .reveal(let answer)? = try await ann.receive(until: { $0.isVerdict }).last?.message.scene else {
          throw Failure("no reveal")
        }
        played.append((asked, answer.correct))
      }
      guard
        let final = try await ann.receive(until: { $0.scene?.table != nil && $0.isFinal }).last?.message.scene?.table
      else { throw Failure("no final table") }
      #expect(try await host.waitForExit() == 0, "\(host.text)")

      let csv = sandbox.root + "/report.csv"
      let export = try NightProcess(["nights", "export", "1", "--to", csv], in: sandbox)
      #expect(try await export.waitForExit() == 0, "\(export.text)")
      #expect(export.text.contains("Wrote night 1, Trivia night: 4 rows (2 players, 2 questions) to \(csv)."))

      // Python's csv module, as a program or a spreadsheet's import would read it.
      let rows = try Self.python(
        """
        import csv, json, sys
        with open(sys.argv[1], newline="", encoding="utf-8-sig") as file:
            print(json.dumps(list(csv.DictReader(file))))
        """, csv)
      #expect(rows.count == 4)
      for (number, round) in played.enumerated() {
        for (name, choice) in [("Ann", 0), ("'" + Self.hostile, round.question.choices.count - 1)] {
          let row = try #require(
            rows.first { $0["question_number"] == "\(number + 1)" && $0["player"] == name }, "\(name): \(rows)")
          #expect(row["question"] == round.question.text)
          #expect(row["answer"] == round.question.choices[choice])
          #expect(row["right"] == (choice == round.correct ? "yes" : "no"))
          #expect(Int(row["milliseconds"] ?? "") != nil && Int(row["points"] ?? "") != nil)
        }
      }
      // Each player's final place and score, as the night's final table had them.
      for entry in final.rows {
        let name = entry.name == Self.hostile ? "'" + Self.hostile : entry.name
        for row in rows where row["player"] == name {
          #expect(row["final_place"] == "\(entry.place)" && row["final_score"] == "\(entry.score)", "\(row)")
        }
        // Points over the questions add up to the final score.
        let points = rows.filter { $0["player"] == name }.compactMap { Int($0["points"] ?? "") }.reduce(0, +)
        #expect(points == entry.score)
      }

      // --json: the night whole, for a program.
      let json = sandbox.root + "/report.json"
      let exportJSON = try NightProcess(["nights", "export", "1", "--to", json, "--json"], in: sandbox)
      #expect(try await exportJSON.waitForExit() == 0, "\(exportJSON.text)")
      let object =
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
      let players = object?["players"] as? [[String: Any]]
      #expect(players?.compactMap { $0["name"] as? String }.sorted() == final.rows.map(\.name).sorted())
      #expect((object?["questions"] as? [[String: Any]])?.count == 2)

      // A night that is not there is named, with what there is.
      let missing = try NightProcess(["nights", "export", "7", "--to", csv], in: sandbox)
      #expect(try await missing.waitForExit() == 1)
      #expect(missing.text.contains("there is no night 7: they are 1 to 1"), "\(missing.text)")
    }

    /// Runs `script` with the system's Python on `argument`; its output is JSON rows of strings.
    static func python(_ script: String, _ argument: String) throws -> [[String: String]] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
      process.arguments = ["-c", script, argument]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0,
        let rows = try JSONSerialization.jsonObject(with: data) as? [[String: String]]
      else { throw Failure("python failed: \(String(decoding: data, as: UTF8.self))") }
      return rows
    }
  }

  extension HostMessage {
    var isFinal: Bool { if case .final = scene { true } else { false } }
  }
#endif
