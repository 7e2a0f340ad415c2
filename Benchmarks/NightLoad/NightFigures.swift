#if Night
  /// One run's figures, as figure 8 reports them.
  struct NightFigures: Sendable {
    var players = 0
    /// Of them, those that loaded the player's page first, as phones do.
    var pagePlayers = 0
    var joined = 0
    /// Players still in, with every question and verdict, at the end.
    var held = 0
    var dropped = 0
    var refused = 0
    var joinSeconds = 0.0
    /// From the host's command to each player's question, every question pooled.
    var fanOutP50Ms = 0.0
    var fanOutP99Ms = 0.0
    /// The last player's, the worst question's.
    var fanOutMaxMs = 0.0
    /// From the deadline to the last verdict and the host's bars, whichever is later; worst question.
    var tallyMs = 0.0
    /// From the deadline to the host's bars alone; worst question.
    var barsMs = 0.0
    var hostKiBPerPlayer = 0.0
    var hostPeakMiB = 0.0
    var hostCPUPerAnswerUs = 0.0
    var answers = 0
    var late = 0
    /// This process's CPU over the fan-out windows, against their wall time.
    var loadCPUShare = 0.0
    /// The host's CPU over the same windows: with this one, whether the two cores were the limit.
    var hostCPUShare = 0.0
    /// How long the host's threads waited for a CPU in those windows, summed, against their time.
    var hostWaitShare = 0.0
    var loadWaitShare = 0.0
    /// The host's CPU time from the command to the question at the last player, a question.
    var hostFanOutCPUMs = 0.0
    /// Big screens watching (`--screens`), and of them those that had every question and reveal.
    var screens = 0
    var screensHeld = 0
    /// From the host's command to the question on a screen, every screen and question pooled.
    var screenFanOutP50Ms = 0.0
    var screenFanOutMaxMs = 0.0
    /// From the deadline to the reveal's bars on a screen; worst screen and question.
    var screenBarsMs = 0.0
    /// What a screen was sent over the night (lobby to end), on average.
    var screenMessages = 0.0
    var screenKiB = 0.0
    /// Stages a screen was sent during a question (the question, then the count of answers).
    var screenQuestionStages = 0.0
    var problems: [String] = []
    /// A night over several machines (`--postgres`): its edges; their memory per player (peak of
    /// them all, less what they held before the joins) and CPU per answer, as the host's. The
    /// host's figures above are then the room's: `trivia` and its `trivia-night room`.
    var edges = 0
    var edgeKiBPerPlayer = 0.0
    var edgePeakMiB = 0.0
    var edgeCPUPerAnswerUs = 0.0
    /// The PostgreSQL server's processes, over the same windows as the host's CPU per answer.
    var postgresCPUPerAnswerUs = 0.0
    /// The edges' and PostgreSQL's CPU in the fan-out windows, against their wall time.
    var edgeCPUShare = 0.0
    var postgresCPUShare = 0.0
    /// NOTIFYs over the questions' windows (each command to its tally), and their wall time.
    var notifies = NotifyCounts()
    var questionsSeconds = 0.0
    /// NOTIFYs over the whole night, the joins included.
    var nightNotifies = NotifyCounts()
    /// CPU time while the players joined: `trivia`, the room (`trivia` and `trivia-night room`),
    /// the edges, PostgreSQL.
    var joinCPUMs: [Double] = []
    /// The last minute's load average at the night's end.
    var load = 0.0

    /// The issue's floor for one host at any N: p99 fan-out, tally, none dropped.
    var holds: Bool {
      joined == players && dropped == 0 && held == players && fanOutP99Ms <= 250 && tallyMs <= 1000
        && screensHeld == screens && problems.isEmpty
    }

    var json: String {
      func number(_ value: Double) -> String { format1(value) }
      let fields: [(String, String)] = [
        ("players", "\(players)"), ("page_players", "\(pagePlayers)"), ("joined", "\(joined)"), ("held", "\(held)"),
        ("dropped", "\(dropped)"),
        ("refused", "\(refused)"), ("join_s", number(joinSeconds)), ("fanout_p50_ms", number(fanOutP50Ms)),
        ("fanout_p99_ms", number(fanOutP99Ms)), ("fanout_max_ms", number(fanOutMaxMs)),
        ("tally_ms", number(tallyMs)), ("bars_ms", number(barsMs)),
        ("host_kib_per_player", number(hostKiBPerPlayer)), ("host_peak_mib", number(hostPeakMiB)),
        ("host_cpu_us_per_answer", number(hostCPUPerAnswerUs)), ("answers", "\(answers)"), ("late", "\(late)"),
        ("load_cpu_pct", number(loadCPUShare * 100)), ("host_cpu_pct", number(hostCPUShare * 100)),
        ("host_wait_pct", number(hostWaitShare * 100)), ("load_wait_pct", number(loadWaitShare * 100)),
        ("host_fanout_cpu_ms", number(hostFanOutCPUMs)), ("screens", "\(screens)"),
        ("screens_held", "\(screensHeld)"), ("screen_fanout_p50_ms", number(screenFanOutP50Ms)),
        ("screen_fanout_max_ms", number(screenFanOutMaxMs)), ("screen_bars_ms", number(screenBarsMs)),
        ("screen_messages", number(screenMessages)), ("screen_kib", number(screenKiB)),
        ("screen_question_stages", number(screenQuestionStages)), ("holds", holds ? "true" : "false"),
        ("problems", "[" + problems.map(quoted).joined(separator: ",") + "]"),
      ]
      let seconds = max(0.001, questionsSeconds)
      let cluster: [(String, String)] =
        edges == 0
        ? []
        : [
          ("edges", "\(edges)"), ("edge_kib_per_player", number(edgeKiBPerPlayer)),
          ("edge_peak_mib", number(edgePeakMiB)), ("edge_cpu_us_per_answer", number(edgeCPUPerAnswerUs)),
          ("postgres_cpu_us_per_answer", number(postgresCPUPerAnswerUs)),
          ("edge_cpu_pct", number(edgeCPUShare * 100)), ("postgres_cpu_pct", number(postgresCPUShare * 100)),
          ("questions_s", number(questionsSeconds)), ("notifies", "\(notifies.notifies)"),
          ("notify_bytes", "\(notifies.bytes)"), ("notifies_to_room", "\(notifies.toRoom)"),
          ("bytes_to_room", "\(notifies.bytesToRoom)"), ("rows_to_room", "\(notifies.roomRows)"),
          ("notifies_to_edges", "\(notifies.toEdges)"), ("bytes_to_edges", "\(notifies.bytesToEdges)"),
          ("rows_to_edges", "\(notifies.edgeRows)"), ("notify_rows", "\(notifies.rows)"),
          ("notify_row_bytes", "\(notifies.rowBytes)"),
          ("notify_inline_bytes", "\(notifies.toRoomBytes + notifies.toEdgesBytes)"),
          ("notifies_per_s", number(Double(notifies.notifies) / seconds)),
          ("notify_bytes_per_s", number(Double(notifies.bytes) / seconds)),
          ("night_notifies", "\(nightNotifies.notifies)"), ("night_notify_bytes", "\(nightNotifies.bytes)"),
          ("load", format2(load)),
          (
            "join_cpu_ms",
            "{"
              + zip(["trivia", "room", "edges", "postgres"], joinCPUMs).map { "\"\($0)\":\(number($1))" }
              .joined(separator: ",") + "}"
          ),
        ]
      return "{" + (fields + cluster).map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    var line: String {
      "\(players) players" + (pagePlayers > 0 ? " (\(pagePlayers) through the page)" : "")
        + (screens > 0 ? " and \(screens) screen\(screens == 1 ? "" : "s")" : "")
        + ": \(held) held, \(dropped) dropped, \(refused) refused, joined in \(format1(joinSeconds)) s; "
        + "fan-out p50 \(format1(fanOutP50Ms)) ms, p99 \(format1(fanOutP99Ms)) ms, last \(format1(fanOutMaxMs)) ms; "
        + "tally \(format1(tallyMs)) ms (bars \(format1(barsMs)) ms); "
        + "host \(format1(hostKiBPerPlayer)) KiB/player (peak \(format1(hostPeakMiB)) MiB), "
        + "\(format1(hostCPUPerAnswerUs)) µs CPU/answer over \(answers) answers; "
        + "a fan-out cost the host \(format1(hostFanOutCPUMs)) ms of CPU; in the fan-out windows the host used "
        + "\(format1(hostCPUShare * 100))% of a core's time and its threads waited \(format1(hostWaitShare * 100))% "
        + "of it for a CPU, this generator used \(format1(loadCPUShare * 100))% and waited "
        + "\(format1(loadWaitShare * 100))%"
        + (screens > 0
          ? "; screens: \(screensHeld) held, the question after p50 \(format1(screenFanOutP50Ms)) ms, last "
            + "\(format1(screenFanOutMaxMs)) ms, bars \(format1(screenBarsMs)) ms after the deadline, each sent "
            + "\(format1(screenMessages)) messages (\(format1(screenKiB)) KiB), \(format1(screenQuestionStages)) "
            + "stages a question" : "")
        + (edges == 0
          ? ""
          : "; over \(edges) edges: \(format1(edgeKiBPerPlayer)) KiB/player (peak \(format1(edgePeakMiB)) MiB), "
            + "\(format1(edgeCPUPerAnswerUs)) µs CPU/answer; PostgreSQL \(format1(postgresCPUPerAnswerUs)) µs "
            + "CPU/answer; in the fan-out windows edges \(format1(edgeCPUShare * 100))%, PostgreSQL "
            + "\(format1(postgresCPUShare * 100))%; \(notifies.notifies) NOTIFYs (\(notifies.toRoom) to the room, "
            + "\(notifies.toEdges) to edges, \(notifies.rows) through rows) and \(notifies.bytes) bytes in "
            + "\(format1(questionsSeconds)) s of questions; the joins' CPU (ms): trivia, room, edges, PostgreSQL "
            + joinCPUMs.map(format1).joined(separator: ", ") + "; load average \(format2(load))")
        + (problems.isEmpty ? "" : "; problems: " + problems.joined(separator: "; "))
    }
  }

  /// Two decimals, as a load average.
  func format2(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let hundredths = Int((value * 100).rounded())
    let fraction = abs(hundredths) % 100
    return "\(hundredths < 0 ? "-" : "")\(abs(hundredths) / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// One decimal, without Foundation's String(format:).
  func format1(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let tenths = Int((value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
  }

  private func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20: out += " "
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
#endif
