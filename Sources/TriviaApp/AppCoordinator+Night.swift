import NightKit
import NightRelay
import ScreenKit
import TriviaData

/// A night, hosted here or joined: its flows are the coordinator's like the round's, its
/// screens come through the same navigator and router, and what arrives from the network
/// is handed here by the program's event loop.
extension AppCoordinator {
  /// `host` and `join URL` on the landing, and the host's and a player's commands in a night.
  var nightCommands: [AppCommand] {
    let hosting = ScreenName.hosting.subtracting([.hostFinal])
    return [
      AppCommand(
        Command("host", summary: "host a trivia night with these options") { [unowned self] in
          host(HostPlan(port: 7777, bind: nil, maxPlayers: 100, startWhen: nil, auto: false, title: "Trivia night"))
        }, on: [.landing]),
      AppCommand(
        Command(
          "join", usage: "join URL [NAME]", summary: "join a trivia night at the address its host shows",
          takesArgument: true
        ) { [unowned self] argument in
          let words = argument.split(separator: " ", maxSplits: 1).map(String.init)
          guard let url = words.first else {
            return .rejected("join takes the night's address, as in join http://192.168.1.20:7777/K7TQ4M.")
          }
          join(url, name: words.count > 1 ? words[1] : nil)
          return .done
        }, on: [.landing]),
      AppCommand(
        Command("start", summary: "start the night with the players in") { [unowned self] in
          night.host?.start()
        }, on: [.lobby]),
      AppCommand(
        Command("next", summary: "move everyone on") { [unowned self] in
          night.host?.next()
        }, on: [.hostQuestion, .reveal, .hostStandings]),
      AppCommand(
        Command("skip", summary: "drop this question: nobody scores it") { [unowned self] in
          night.host?.skip()
        }, on: [.hostQuestion]),
      AppCommand(
        .withArgument(
          "kick", usage: "kick NAME", summary: "remove a player from the night",
          completeArgument: { [unowned self] prefix in
            (night.host?.names ?? []).filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
          }
        ) { [unowned self] name in night.host?.kick(name) }, on: hosting),
      AppCommand(
        Command("end", summary: "end the night now, with the standings as they are") { [unowned self] in
          guard let host = night.host, leavingQuestion.map(confirm) ?? true else { return }
          host.end()
        }, on: hosting),
      AppCommand(
        Command("leave", summary: "leave the night") { [unowned self] in
          guard case .playing(let flow) = night, leavingQuestion.map(confirm) ?? true else { return }
          flow.leave()
        }, on: ScreenName.playing.subtracting([.final])),
    ]
  }

  /// What `help` adds while a night is hosted here: how players join (the addresses, the SSH
  /// line and its key), which the lobby shows and the night then scrolls away.
  public var helpNote: [String] { night.host?.joinLines ?? [] }

  /// Starts a night hosted here, with the options as they are: its questions are dealt as
  /// a round's, then the lobby shows once players can reach it.
  public func host(_ plan: HostPlan) {
    later { [unowned self] in
      guard let network, night.isNone else { return }
      let request = resolved(RoundRequest())
      let load = LoadRequest(count: request.count ?? options.questionCount, difficulty: request.difficulty ?? .mixed)
      // Why no night can be dealt here: over PostgreSQL, a night to resume plays the questions
      // kept there, so its host goes on whatever its source says (`HostFlow` ends if none).
      var unplayable: String?
      let bank: QuestionBank?
      if plan.postgres != nil {
        switch await sources.questions(load) {
        case .success(let loaded): bank = loaded
        case .failure(let error): (bank, unplayable) = (nil, error.message)
        case nil: return
        }
      } else {
        guard let loaded = await questions(load, retry: { [unowned self] in host(plan) }) else { return }
        bank = loaded
      }
      let chosen = bank.flatMap { categories(request, $0) }
      let items = bank.map { rounds.dealNight(request, from: $0.questions, categories: chosen) } ?? []
      if items.isEmpty, unplayable == nil {
        unplayable = "No questions for these options: change them, or the source, to host a night."
      }
      if let unplayable, plan.postgres == nil { return console.say(unplayable) }
      let questions = items.map {
        NightQuestion(
          text: $0.question.text, choices: $0.answers, correct: $0.correctIndex, category: $0.question.category,
          difficulty: $0.question.difficulty?.title, seconds: $0.question.seconds)
      }
      var generator = SystemRandomNumberGenerator()
      let code = NightCode.random(using: &generator).description
      do throws(NightError) {
        let flow = try HostFlow(
          plan: plan, questions: questions, unplayable: unplayable, source: sources.name,
          difficulty: (request.difficulty ?? options.difficulty).title,
          // The bank's own names for what was typed: `film` plays "Film & TV".
          category: chosen.flatMap { $0.isEmpty ? nil : $0.sorted().joined(separator: ", ") } ?? "All",
          limit: .seconds(request.time ?? 20), code: code, network: network, console: console, clock: clock)
        flow.follow = { [unowned self] place in showNight(place) }
        flow.closed = { [unowned self] in
          night = .none
          navigator.closeNight()
        }
        flow.keep = { [unowned self] in history?.nightEnded($0) }
        night = .hosting(flow)
        if let unplayable {
          console.say("\(unplayable) Looking for a night to resume in PostgreSQL…")
        } else {
          console.say("Hosting \(plan.title) with \(questions.count) questions of \(request.time ?? 20) seconds…")
        }
      } catch {
        console.say("Cannot host a night: \(error.message)")
      }
    }
  }

  /// Joins the night at `url` as `name`, asked for when not given.
  public func join(_ url: String, name: String?) {
    guard let network, night.isNone else { return }
    guard let address = NightAddress(url) else {
      console.say("'\(url)' is not a night's address: expected http://HOST:PORT/CODE.")
      return endIfOnlyTheNight()
    }
    // A place kept from this night (the program was closed mid-night) is this player's.
    let claim = nightSeats?.claim(address)
    guard let name = claim?.seat?.name ?? name ?? askName() else {
      console.say("A night needs a name to join with.")
      return endIfOnlyTheNight()
    }
    let flow = PlayerFlow(
      address: address, name: name, network: network, console: console, clock: clock, claim: claim)
    flow.follow = { [unowned self] place in showNight(place) }
    flow.ask = { [unowned self] question in ask(question) }
    flow.closed = { [unowned self] in
      night = .none
      // One night's session ends here, with the night's last screen the last drawn.
      if endsWithNight { return quit() }
      navigator.closeNight()
    }
    do throws(NightError) {
      try flow.start()
      night = .playing(flow)
    } catch {
      console.say("Cannot join: \(error.message)")
      endIfOnlyTheNight()
    }
  }

  /// A session that is one night's ends with it.
  private func endIfOnlyTheNight() {
    if endsWithNight { quit() }
  }

  /// Asks for a name until one is typed: an empty line asks again, rather than leaving the join
  /// (and the name typed next landing at the landing's prompt); Ctrl-C or the end of input leave.
  private func askName() -> String? {
    var question = "Your name in the night"
    while let typed = ask(question) {
      if !typed.trimmingWhitespace.isEmpty { return typed }
      question = "A night needs a name: type yours (Ctrl-C to stay here)"
    }
    return nil
  }

  /// What the night's connections said, oldest first. True when a question the player had on
  /// screen closed meanwhile: what was typed for it goes, as when a solo question's time is up.
  @discardableResult public func received(_ events: [(any NightLine, RelayEvent)]) -> Bool {
    switch night {
    case .none:
      return false
    case .hosting(let flow):
      flow.received(events)
      return false
    case .playing(let flow):
      let open = flow.openQuestion
      for (line, event) in events { flow.received(event, on: line) }
      return open != nil && flow.openQuestion != open
    }
  }

  /// Shows a night's place, which the host (or, for the host, its room) led to, through the
  /// router's `Place.night`. It is followed at once, not queued as a link's is, so that a burst
  /// of messages (an answer taken, the reveal, the standings, the next question) shows each
  /// screen as it was, in the order the host sent them.
  func showNight(_ place: NightPlace) {
    switch night {
    case .none: break
    case .hosting(let flow): navigator.showNight(place, night: { flow.view }, events: flow.events)
    case .playing(let flow): navigator.showNight(place, night: { flow.view }, events: flow.events)
    }
  }

  /// What to ask before this person leaves a night under way (Ctrl-D, `quit`, `end`, `leave`):
  /// nil when leaving costs nobody anything (no night, or one over, or a lobby nobody is in).
  public var leavingQuestion: String? {
    switch night {
    case .none: nil
    case .hosting(let flow): flow.endQuestion
    case .playing(let flow): flow.isOver ? nil : "Leave the night?"
    }
  }

  /// Whether a script's next line is wanted: always, but in a night that moves on without it.
  public var wantsLine: Bool {
    night.wantsLine
  }
}
