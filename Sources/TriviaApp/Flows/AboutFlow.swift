import ScreenKit
import TriviaData

/// How `about` is shown: over the screen it was asked from.
@MainActor
public protocol AboutNavigating: AnyObject {
  func showAbout(_ about: About, onDone: @escaping () -> Void)
  func closeAbout()
}

/// Tells what the game is, what it keeps and where, and credits the questions' publisher.
@MainActor
public final class AboutFlow: CommandOffering {
  private let facts: About
  private let navigator: any AboutNavigating
  private let work: PendingWork
  /// The source's name and its questions, read quietly when they are not yet.
  private let source: @MainActor () async -> (name: String, bank: QuestionBank?)

  public init(
    facts: About, navigator: any AboutNavigating, work: PendingWork,
    source: @escaping @MainActor () async -> (name: String, bank: QuestionBank?)
  ) {
    self.facts = facts
    self.navigator = navigator
    self.work = work
    self.source = source
  }

  /// `about`, everywhere but where a question waits for its answer.
  public var commands: [AppCommand] {
    let command = Command("about", summary: "the version, what is kept about you, whose questions") {
      [unowned self] in work.add { [unowned self] in await show() }
    }
    // Not in a night, where the host moves everyone on.
    let night = ScreenName.hosting.union(ScreenName.playing)
    return [AppCommand(command, except: night.union([.game, .feedback, .about]))]
  }

  public func show() async {
    let (name, bank) = await source()
    var about = facts
    about.source = name
    about.credits = Self.credits(source: name, bank: bank)
    navigator.showAbout(about) { [unowned self] in navigator.closeAbout() }
  }

  static func credits(source: String, bank: QuestionBank?) -> [String] {
    guard source != BundledDataSource.name else {
      return [
        "Written and fact-checked for this game, licensed CC BY-SA 4.0 (Data/LICENSE): reuse them crediting "
          + "\"the trivia project's bundled bank, CC BY-SA 4.0\"."
      ]
    }
    guard let bank else { return ["Not read yet: who wrote its questions is known once they are."] }
    let credits = bank.formats.compactMap(\.credit).sorted().map { "From " + $0 + "." }
    // A licence file beside a folder's questions is what their authors said: named as it is.
    let folder = bank.licence.map { licence in
      "The folder's \(licence.file) " + (licence.name.map { "says: \($0)." } ?? "names the licence: read it.")
    }
    guard !credits.isEmpty || folder != nil else {
      return ["Written by whoever wrote the file, which names no licence."]
    }
    return credits + (folder.map { [$0] } ?? [])
  }
}
