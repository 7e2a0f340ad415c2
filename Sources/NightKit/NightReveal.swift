/// The host's reveal screen: the bars, the right choice, the fastest right player.
public struct NightReveal: Equatable, Sendable {
  public struct Fastest: Equatable, Sendable {
    public var name: String
    public var ms: Int

    public init(name: String, ms: Int) {
      self.name = name
      self.ms = ms
    }
  }

  public var number: Int
  public var total: Int
  public var text: String
  public var choices: [String]
  public var correct: Int
  /// How many chose each choice, by index.
  public var counts: [Int]
  public var fastest: Fastest?

  public init(
    number: Int, total: Int, text: String, choices: [String], correct: Int, counts: [Int], fastest: Fastest?
  ) {
    self.number = number
    self.total = total
    self.text = text
    self.choices = choices
    self.correct = correct
    self.counts = counts
    self.fastest = fastest
  }
}
