import Foundation
import NightKit
import NightRelay
import Testing
import TriviaApp
import TriviaData

/// A night driven through the coordinator with fakes: a network whose lines record what the
/// app sends, and events handed in as `trivia-night` would hand them. No sockets, no screens.
@MainActor
@Suite("A night, through the coordinator with fakes")
struct NightCoordinatorTests {
  final class FakeLine: NightLine {
    var sent: [RelayCommand] = []
    var stopped = false
    func send(_ command: RelayCommand) { sent.append(command) }
    func stop() { stopped = true }

    /// The host's messages sent to `connection`, decoded; its row of a table of verdicts is
    /// its `you`, as trivia-night builds it.
    func messages(to connection: ConnectionID) -> [HostMessage] {
      sent.compactMap { command in
        switch command {
        case .send(let text, let to) where to.contains(connection): return try? NightWire.decodeHost(text)
        case .yours(let rows):
          return rows.first { $0.to == connection }.flatMap { NightYou(row: $0.row) }.map(HostMessage.you)
        default: return nil
        }
      }
    }
  }

  final class FakeNetwork: NightNetwork {
    var lines: [FakeLine] = []
    var hosted: (port: Int, code: String)?
    var joined: [NightAddress] = []
    /// Each join's `comingBack`: a connection that replaces one whose trivia-night died.
    var comingBack: [Bool] = []
    func host(_ plan: HostPlan, code: String, maxConnections: Int) throws(NightError) -> any NightLine {
      hosted = (plan.port, code)
      return make()
    }
    func join(_ address: NightAddress, comingBack: Bool) throws(NightError) -> any NightLine {
      joined.append(address)
      self.comingBack.append(comingBack)
      return make()
    }
    private func make() -> FakeLine {
      let line = FakeLine()
      lines.append(line)
      return line
    }
  }

  let navigator = CoordinatorTests.FakeNavigator()
  let console = RecordingConsole()
  let network = FakeNetwork()
  let history = MemoryHistory()

  func coordinator(seats: (any NightSeatStore)? = nil) -> AppCoordinator {
    CoordinatorTests.compose(
      source: FakeSource(result: .success(QuestionBank(questions: sampleQuestions(6)))), navigator: navigator,
      console: console, history: history, clock: GameClock(virtual: true), network: network, nightSeats: seats)
  }

  func join(_ name: String) -> String { NightWire.encode(PlayerMessage.join(name: name, token: nil)) }

  @Test func aHostedNightGoesFromLobbyToPodiumAndIsKept() async throws {
    let coordinator = coordinator()
    coordinator.start()
    coordinator.host(HostPlan(port: 0, bind: nil, maxPlayers: 10, startWhen: 2, auto: true, title: "Quiz"))
    await coordinator.runPending()
    let line = try #require(network.lines.first)
    #expect(network.hosted?.code.count == 6)
    // The lobby shows once players can reach it.
    #expect(!navigator.calls.contains { $0.hasPrefix("night") })
    coordinator.received([(line, .listening(port: 7777, addresses: ["10.0.0.2", "127.0.0.1"]))])
    await coordinator.runPending()
    #expect(navigator.calls.last == "night lobby")
    let readLobby = try #require(navigator.night)
    let lobby = readLobby()
    #expect(
      lobby.joinLines.prefix(2) == [
        "Join: http://10.0.0.2:7777/\(lobby.code)", "Join: http://127.0.0.1:7777/\(lobby.code)",
      ])

    coordinator.received([(line, .opened(1, address: "10.0.0.3")), (line, .text(1, join("Ann")))])
    coordinator.received([(line, .opened(2, address: "10.0.0.4")), (line, .text(2, join("Bob")))])
    await coordinator.runPending()
    // Two players in: it starts by itself, and the question carries no right answer.
    #expect(navigator.calls.last == "night hostQuestion(1)")
    guard case .stage(let stage) = line.messages(to: 1).last, case .question(let question) = stage.scene else {
      Issue.record("no question sent: \(line.messages(to: 1))")
      return
    }
    let questionText = try #require(
      line.sent.compactMap { command -> String? in
        guard case .send(let text, _) = command, text.contains("\"question\"") else { return nil }
        return text
      }.first)
    #expect(!questionText.contains("correct"))

    // Ann right, Bob wrong; under a script both answer at once: 1000 points for a right one.
    // The fake bank's right answers read "Right N", or "True".
    let right = try #require(question.choices.firstIndex { $0.hasPrefix("Right") || $0 == "True" })
    for (id, choice) in [(ConnectionID(1), right), (2, (right + 1) % question.choices.count)] {
      coordinator.received([(line, .text(id, NightWire.encode(PlayerMessage.answer(question: 1, choice: choice))))])
    }
    await coordinator.runPending()
    // Ann's own part at the close, then the reveal to everyone: her verdict is computed from both.
    let toAnn = line.messages(to: 1)
    guard
      let reveal = toAnn.firstIndex(where: {
        if case .stage(let stage) = $0, case .reveal = stage.scene { true } else { false }
      }),
      case .stage(let stage) = toAnn[reveal], case .you(let you) = toAnn[reveal - 1],
      let verdict = NightState(stage: stage, you: you).verdict
    else {
      Issue.record("no verdict for Ann in \(toAnn)")
      return
    }
    #expect(verdict.points == 1000 && verdict.place == 1)
    // --auto: on through the standings to question 2, then the podium once both answered.
    #expect(navigator.calls.contains("night reveal(1)"))
    #expect(navigator.calls.contains("night hostStandings(1)"))
    #expect(navigator.calls.last == "night hostQuestion(2)")
    for id: ConnectionID in [1, 2] {
      coordinator.received([(line, .text(id, NightWire.encode(PlayerMessage.answer(question: 2, choice: 0))))])
    }
    await coordinator.runPending()
    #expect(navigator.calls.last == "night hostFinal")
    let kept = try #require(history.nights.first)
    #expect(kept.title == "Quiz" && kept.questions.count == 2 && kept.players.map(\.name).first == "Ann")
    #expect(history.nights.count == 1)
  }

  @Test func underAScriptAQuestionNobodyIsLeftToAnswerCloses() async throws {
    let coordinator = coordinator()
    coordinator.start()
    coordinator.host(HostPlan(port: 0, bind: nil, maxPlayers: 10, startWhen: 1, auto: true, title: "Quiz"))
    await coordinator.runPending()
    let line = try #require(network.lines.first)
    coordinator.received([(line, .listening(port: 7777, addresses: ["127.0.0.1"]))])
    coordinator.received([(line, .opened(1, address: "127.0.0.1")), (line, .text(1, join("Ann")))])
    #expect(navigator.calls.last == "night hostQuestion(1)")
    #expect(!coordinator.wantsLine, "the host waits for Ann's answer")
    // Ann goes: under a script no deadline would ever come, so each question closes at once.
    coordinator.received([(line, .closed(1, reason: nil))])
    #expect(navigator.calls.last == "night hostFinal")
    #expect(coordinator.wantsLine, "the final reads the host's script")
  }

  @Test func aPlayersScreensFollowTheHost() async throws {
    let coordinator = coordinator()
    coordinator.start()
    coordinator.join("http://10.0.0.2:7777/k7tq4m", name: "Zoë")
    let line = try #require(network.lines.first)
    #expect(network.joined == [NightAddress("http://10.0.0.2:7777/K7TQ4M")])
    coordinator.received([(line, .opened(0, address: "ws://10.0.0.2:7777/K7TQ4M"))])
    #expect(line.sent == [.send(NightWire.encode(PlayerMessage.join(name: "Zoë", token: nil)), to: [0])])
    let host = { (message: HostMessage) in _ = coordinator.received([(line, .text(0, NightWire.encode(message)))]) }
    func stage(_ scene: NightScene) -> NightStage {
      NightStage(title: "Quiz", questions: 2, limitMs: 20_000, count: 1, names: ["Zoë"], scene: scene)
    }
    host(.welcome(NightWelcome(token: "t0k3n", stage: stage(.lobby), you: NightYou(name: "Zoë", since: 1))))
    await coordinator.runPending()
    #expect(navigator.calls.last == "night waiting")
    let question = NightQuestionView(
      number: 1, total: 2, category: "Science", difficulty: "Easy", text: "Au?", choices: ["Gold", "Silver"],
      msLeft: 20_000, limitMs: 20_000)
    host(.stage(stage(.question(question))))
    await coordinator.runPending()
    #expect(navigator.calls.last == "night question(1)")
    #expect(coordinator.wantsLine, "a script's next line answers the question")
    let events = try #require(navigator.nightEvents)
    events.answer(0)
    #expect(!coordinator.wantsLine, "the answer went: the next line waits for the host")
    #expect(line.sent.last == .send(NightWire.encode(PlayerMessage.answer(question: 1, choice: 0)), to: [0]))
    host(.you(NightYou(name: "Zoë", since: 1, answer: .init(question: 1, choice: 0))))
    await coordinator.runPending()
    let answered = try #require(navigator.night)
    #expect(answered().chosen == 0)
    // The connection drops: trivia-night tries again, and the player rejoins with its token.
    coordinator.received([(line, .closed(0, reason: "gone")), (line, .opened(0, address: "ws://10.0.0.2:7777/K7TQ4M"))])
    #expect(line.sent.last == .send(NightWire.encode(PlayerMessage.join(name: "Zoë", token: "t0k3n")), to: [0]))
    host(
      .you(
        NightYou(
          name: "Zoë", since: 1, answer: .init(question: 1, choice: 0), points: 1000, score: 1000, place: 1)))
    host(.stage(stage(.reveal(NightAnswer(number: 1, correct: 0, text: "Gold")))))
    await coordinator.runPending()
    let revealed = try #require(navigator.night)
    #expect(
      revealed().verdict
        == NightVerdict(
          question: 1, correct: 0, correctText: "Gold", choice: 0, points: 1000, total: 1000, place: 1, of: 1))
    host(.ended("The host ended the night."))
    await coordinator.runPending()
    #expect(navigator.calls.suffix(2) == ["night verdict(1)", "night final"])
    let ended = try #require(navigator.night)
    #expect(ended().reason == "The host ended the night.")
    #expect(line.stopped)
    #expect(console.lines.contains("The host ended the night."))
  }

  /// Issue 35: trivia-night ended while connected (killed, crashed) is no departure. Another
  /// is started, told to try again even if its first try does not open, and rejoins with the
  /// token; the night goes on here.
  @Test func aPlayerWhoseTriviaNightDiesStartsAnotherAndComesBack() async throws {
    let coordinator = coordinator()
    coordinator.start()
    coordinator.join("http://10.0.0.2:7777/K7TQ4M", name: "Zoë")
    let line = try #require(network.lines.first)
    let stage = NightStage(title: "Quiz", questions: 2, limitMs: 20_000, count: 1, names: ["Zoë"], scene: .lobby)
    let welcome = HostMessage.welcome(NightWelcome(token: "t0k3n", stage: stage, you: NightYou(name: "Zoë", since: 1)))
    coordinator.received([
      (line, .opened(0, address: "ws://10.0.0.2:7777/K7TQ4M")), (line, .text(0, NightWire.encode(welcome))),
    ])
    coordinator.received([(line, .failed("trivia-night ended unexpectedly."))])
    #expect(network.comingBack == [false, true])
    #expect(line.stopped)
    #expect(console.lines.contains("trivia-night ended unexpectedly: coming back…"), "\(console.lines)")
    #expect(!console.lines.contains { $0.contains("cannot be reached") }, "\(console.lines)")
    let again = try #require(network.lines.last)
    coordinator.received([(again, .opened(0, address: "ws://10.0.0.2:7777/K7TQ4M"))])
    #expect(again.sent == [.send(NightWire.encode(PlayerMessage.join(name: "Zoë", token: "t0k3n")), to: [0])])
    #expect(console.lines.last == "Connected again.")
    #expect(coordinator.leavingQuestion == "Leave the night?")
  }

  /// Issue 35: a room that restarted lost the answer it took. Back on the question, still
  /// open, the player is asked for it again, and it goes again.
  @Test func anAnswerTheHostNoLongerHasIsAskedForAgain() async throws {
    let coordinator = coordinator()
    coordinator.start()
    coordinator.join("http://10.0.0.2:7777/K7TQ4M", name: "Zoë")
    let line = try #require(network.lines.first)
    let question = NightQuestionView(
      number: 1, total: 2, category: "Science", difficulty: "Easy", text: "Au?", choices: ["Gold", "Silver"],
      msLeft: 20_000, limitMs: 20_000)
    let stage = NightStage(
      title: "Quiz", questions: 2, limitMs: 20_000, count: 1, names: ["Zoë"], scene: .question(question))
    let welcome = HostMessage.welcome(NightWelcome(token: "t0k3n", stage: stage, you: NightYou(name: "Zoë", since: 1)))
    coordinator.received([
      (line, .opened(0, address: "ws://10.0.0.2:7777/K7TQ4M")), (line, .text(0, NightWire.encode(welcome))),
    ])
    let events = try #require(navigator.nightEvents)
    events.answer(0)
    let taken = HostMessage.you(NightYou(name: "Zoë", since: 1, answer: .init(question: 1, choice: 0)))
    coordinator.received([(line, .text(0, NightWire.encode(taken)))])
    #expect(!coordinator.wantsLine)
    coordinator.received([
      (line, .closed(0, reason: "The host restarted")), (line, .opened(0, address: "ws://10.0.0.2:7777/K7TQ4M")),
      (line, .text(0, NightWire.encode(welcome))),
    ])
    #expect(console.lines.contains("The host restarted: coming back…"), "\(console.lines)")
    #expect(console.lines.last == "Your answer to question 1 did not reach the host: answer again.")
    #expect(navigator.calls.last == "night question(1)")
    let again = try #require(navigator.night)
    #expect(again().chosen == nil)
    #expect(coordinator.wantsLine, "a script's next line answers the question again")
    let asked = try #require(navigator.nightEvents)
    asked.answer(0)
    #expect(line.sent.last == .send(NightWire.encode(PlayerMessage.answer(question: 1, choice: 0)), to: [0]))
    // Back again with the answer taken this time: nothing to ask.
    let count = console.lines.count
    let you = NightYou(name: "Zoë", since: 1, answer: .init(question: 1, choice: 0))
    let kept = HostMessage.welcome(NightWelcome(token: "t0k3n", stage: stage, you: you))
    coordinator.received([
      (line, .closed(0, reason: nil)), (line, .opened(0, address: "ws://10.0.0.2:7777/K7TQ4M")),
      (line, .text(0, NightWire.encode(kept))),
    ])
    #expect(!console.lines.dropFirst(count).contains { $0.contains("answer again") }, "\(console.lines)")
  }

  /// Issue 35: a connection that did not come back in a minute ends the night on this screen,
  /// not the night itself: the kept place stays, for `join` again, and no trivia-night is
  /// started again for a host that no longer answers.
  @Test func aConnectionLostForGoodKeepsThePlace() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seats-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let coordinator = coordinator(seats: FileNightSeatStore(folder: folder))
    coordinator.start()
    coordinator.join("http://10.0.0.2:7777/K7TQ4M", name: "Zoë")
    let line = try #require(network.lines.first)
    let stage = NightStage(title: "Quiz", questions: 2, limitMs: 20_000, count: 1, names: ["Zoë"], scene: .lobby)
    let welcome = HostMessage.welcome(NightWelcome(token: "t0k3n", stage: stage, you: NightYou(name: "Zoë", since: 1)))
    coordinator.received([
      (line, .opened(0, address: "ws://10.0.0.2:7777/K7TQ4M")), (line, .text(0, NightWire.encode(welcome))),
    ])
    let kept = folder + "/K7TQ4M-7777.json"
    #expect(FileManager.default.fileExists(atPath: kept))
    coordinator.received([
      (line, .closed(0, reason: nil)), (line, .failed("no answer from the host for a minute")),
    ])
    #expect(console.lines.last == "The host cannot be reached any more (no answer from the host for a minute).")
    #expect(network.comingBack == [false])
    #expect(line.stopped)
    #expect(FileManager.default.fileExists(atPath: kept), "the place was forgotten")
  }
}
