import FeedbackScreen
import GameScreen
import LobbyScreen
import NavigatorKit
import NightKit
import PodiumScreen
import RevealScreen
import ScreenKit
import StandingsScreen
import WaitingRoomScreen

extension AppNavigator: NightNavigating {
  public func showNight(_ place: NightPlace, night: @escaping () -> NightView, events: NightEvents) {
    screens[place.screen] = .night(place, night, events, terminal: terminalSize)
    // Already on top (a question sent again after a reconnect, an answer taken): drawn again.
    if router.plan(to: .night(place)).isIgnored {
      navigator.refresh()
    } else {
      follow(.night(place))
    }
  }

  public func closeNight() {
    returnToLanding(fromLink: false)
  }
}

extension Screen where View == any TerminalView {
  /// The screen of each place in a night. Those that change while they show (the lobby, a
  /// question's countdown and answers) read the night each time they are drawn.
  static func night(
    _ place: NightPlace, _ night: @escaping () -> NightView, _ events: NightEvents,
    terminal: @escaping () -> TerminalSize?
  ) -> Self {
    Self(place.screen) {
      switch place {
      case .lobby:
        return LobbyScreen { LobbyScreen.State(night(), terminal: terminal()) }
      case .waiting:
        return WaitingRoomScreen { WaitingRoomScreen.State(night()) }
      case .hostQuestion, .question:
        let screen = GameScreen { GameScreen.State(night(), host: place.screen == .hostQuestion) }
        if place.screen == .nightQuestion { screen.onAnswer = events.answer }
        return screen
      case .reveal:
        return RevealScreen(state: RevealScreen.State(night()))
      case .verdict:
        return FeedbackScreen(state: FeedbackScreen.State(night()))
      case .hostStandings, .standings:
        return StandingsScreen(state: StandingsScreen.State(night()))
      case .hostFinal, .final:
        let screen = PodiumScreen(state: PodiumScreen.State(night()))
        screen.onDone = events.done
        screen.onBack = events.done
        return screen
      }
    }
  }
}

extension LobbyScreen.State {
  init(_ night: NightView, terminal: TerminalSize?) {
    self.init(
      title: night.stage.title, code: night.code, joinLines: night.joinLines, screen: night.screen,
      players: night.stage.names,
      count: night.stage.count, maxPlayers: night.maxPlayers, startWhen: night.startWhen,
      plays: LobbyScreen.Plays(
        questions: night.stage.questions, seconds: night.stage.limitMs / 1000, difficulty: night.difficulty,
        category: night.category, source: night.source),
      refused: night.refused, qr: night.qr.flatMap(QRBlocks.init(rows:)), terminal: terminal)
  }
}

extension WaitingRoomScreen.State {
  init(_ night: NightView) {
    self.init(
      title: night.stage.title, you: night.you ?? "", players: night.stage.names, count: night.stage.count,
      host: night.host)
  }
}

extension GameScreen.State {
  /// The question as the host's countdown has it: the host watches it, a player answers it.
  init(_ night: NightView, host: Bool) {
    let question = night.question
    let note =
      host
      ? "\(night.answered) of \(night.of) in"
      : night.chosen == nil ? nil : "Answer in: waiting for the others"
    // With --on-screen a player is sent no text: the answers are picked by their shapes.
    let onScreen = question?.onScreen == true && !host
    let shapes = ["▲ the triangle", "◆ the diamond", "● the circle", "■ the square"]
    self.init(
      number: question?.number ?? 0, total: question?.total ?? 0, category: question?.category ?? "",
      difficulty: question?.difficulty ?? "Any level",
      question: onScreen ? "The question is on the big screen: pick its answer's shape." : question?.text ?? "",
      answers: onScreen ? Array(shapes.prefix(question?.choices.count ?? 0)) : question?.choices ?? [],
      secondsLeft: night.secondsLeft, note: note, chosen: night.chosen,
      answerable: !host)
  }
}

extension RevealScreen.State {
  init(_ night: NightView) {
    let reveal = night.reveal
    self.init(
      number: reveal?.number ?? 0, total: reveal?.total ?? 0, question: reveal?.text ?? "",
      choices: reveal?.choices ?? [], counts: reveal?.counts ?? [], correct: reveal?.correct ?? 0,
      fastest: reveal?.fastest.map { .init(name: $0.name, seconds: Double($0.ms) / 1000) },
      answered: night.answered, players: night.of)
  }
}

extension FeedbackScreen.State {
  /// A player's verdict: the feedback screen, with points and place, waiting for the host.
  init(_ night: NightView) {
    let verdict = night.verdict
    self.init(
      isCorrect: verdict.map { $0.choice == $0.correct } ?? false, correctAnswer: verdict?.correctText ?? "",
      score: 0, answered: 0, isLast: false, timedOut: verdict?.choice == nil,
      standing: verdict.map { .init(points: $0.points, total: $0.total, place: $0.place, of: $0.of) },
      waitsForHost: true, joinedLate: verdict?.missed ?? false)
  }
}

extension StandingsScreen.State {
  init(_ night: NightView) {
    let standings = night.stage.scene.table
    self.init(
      heading: "Standings after question \(standings?.played ?? 0) of \(night.stage.questions)",
      rows: standings?.rows.map { StandingRow($0, you: night.you) } ?? [],
      you: night.ownRow.map { StandingRow($0, you: night.you) })
  }
}

extension PodiumScreen.State {
  init(_ night: NightView) {
    let rows = night.stage.scene.table?.rows.map { StandingRow($0, you: night.you) } ?? []
    self.init(
      title: night.stage.title, podium: Array(rows.prefix(3)), rows: rows,
      you: night.ownRow.map { StandingRow($0, you: night.you) }, reason: night.reason)
  }
}

extension StandingRow {
  init(_ row: NightStandings.Row, you: String?) {
    self.init(
      place: row.place, name: row.name, score: row.score, moved: row.moved, isYou: row.name == you,
      hasLeft: row.left)
  }
}
