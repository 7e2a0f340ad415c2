import ScreenKit
import TriviaTerminal

/// `wait N` in a script: N seconds pass on the game's virtual clock, the only way time
/// passes there, so a timed question runs out at the same line on every run.
struct ScriptWait {
  var seconds: Double?

  /// Nil when `line` is not a wait; `seconds` nil when it is one without a valid time.
  init?(_ line: String) {
    let words = line.split(whereSeparator: \.isWhitespace)
    guard words.first?.lowercased() == "wait" else { return nil }
    seconds = words.count == 2 ? Double(words[1]).flatMap { $0 >= 0 && $0 <= 86_400 ? $0 : nil } : nil
  }
}

extension Session {
  /// Wires what the game waits on besides the keyboard (a timed question's clock, a night's
  /// connections, links), and the questions the game asks (a guard's yes or no, a night's
  /// name), asked on the same input with every other event held until the answer.
  func listen() {
    // Captured one by one, not through the session, which holds what they are given to.
    let coordinator = coordinator
    let events = events
    let reader = lines.reader
    let renderer = renderer
    let input = input
    let links = links
    let clock = coordinator.clock
    lines.editor?.events = events
    // A timed question wakes the game each second its count goes down, and at its end.
    events.wakeAt = { coordinator.nextWake.map(clock.instant(at:)) }
    events.sources.append(network)
    if let links { events.sources.append(links) }
    reader.completer = { prefix in input.commands.completions(for: prefix) }
    coordinator.ask = { question in
      guard case .line(let answer) = events.holdingEvents({ reader.ask(question) }) else { return nil }
      return answer.trimmingWhitespace
    }
    // A question a link raises (a new source) is heard by its sender too, as a guard's is.
    coordinator.confirm = { question in
      links?.asking(question)
      let yes = clock.standingStill { events.holdingEvents { reader.confirm(question, say: renderer.say) } }
      links?.answered(yes)
      return yes
    }
    // The question's clock stands still while a guard asks.
    navigator.confirm = { question in
      links?.asking(question)
      let ask = { clock.standingStill { reader.confirm(question, say: renderer.say) } }
      let yes = events.holdingEvents(ask)
      links?.answered(yes)
      return yes
    }
  }

  func wait(_ wait: ScriptWait) {
    guard let seconds = wait.seconds else {
      renderer.write([Line("wait takes a number of seconds from 0 to 86400, as in wait 5.", style: .failure)])
      return
    }
    coordinator.wait(.milliseconds(Int((seconds * 1000).rounded())))
  }

  /// Something besides the keyboard needs the game: links sent to it, and a timed
  /// question's countdown. When its time ran out, what was typed for it goes, and a
  /// recording notes the wait that stands for it in a replay.
  func handleEvents() async {
    let coordinator = coordinator
    let arrived = network.take()
    if !arrived.isEmpty {
      if coordinator.received(arrived) { lines.editor?.dropSetAside() }
      await runPendingWork()
    }
    await links?.followWaiting(navigator: navigator, console: renderer) { link, refused in
      coordinator.open(link, refused: refused)
      await self.runPendingWork()
    }
    let limit = coordinator.round?.questionTime
    guard coordinator.tick() else { return }
    lines.editor?.dropSetAside()
    if let limit { lines.recorder?.note("wait \(limit)") }
  }
}
