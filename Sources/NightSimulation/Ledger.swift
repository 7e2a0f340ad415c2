import NightKit

/// What the simulation saw the room promise, kept beside the night to check it against: each
/// answer the room accepted (its player heard the verdict), when each question's deadline
/// was said to be, and each question as revealed. Nothing here feeds the night.
struct Ledger {
  struct Accepted {
    var choice: Int
    /// When the first part to hear it (the player's server) heard it.
    var heardAt: Int
    /// The room's life it was accepted in: a room restarted from an older save may have lost it.
    var life: Int
    /// The player was since shown the question open with no answer taken: asked again.
    var askedAgain = false
  }

  /// By player and question number: answers the room took, and those of them its player was
  /// told it took (a verdict lost with its room was never a promise).
  var taken: [Int: [Int: Accepted]] = [:]
  var accepted: [Int: [Int: Accepted]] = [:]
  /// Each question's deadline as first said (virtual ms).
  var deadlines: [Int: Int] = [:]
  /// Each question's answers as revealed, in standings order: the history a host keeps.
  var revealed: [Int: [NightPlayerAnswer]] = [:]
  /// Names in the order the room welcomed them as new players, with the first question each
  /// could answer.
  var joined: [(name: String, since: Int)] = []
  var answersScored = 0
}
