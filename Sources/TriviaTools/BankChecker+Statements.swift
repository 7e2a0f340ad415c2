import TriviaData

extension BankChecker {
  /// The true/false statements of each category, counted as the bank is read: where always
  /// answering True, or False, would pay, a player can guess.
  struct StatementTally {
    private struct Category {
      var name: String
      /// Where its first statement is, to point at.
      var first: Place
      var order: Int
      var trueCount = 0
      var falseCount = 0
    }

    private var categories: [Category] = []
    private var index: [String: Int] = [:]

    mutating func count(_ question: Question, at place: Place, order: Int) {
      guard question.kind == .boolean else { return }
      let number =
        index[question.category]
        ?? {
          categories.append(Category(name: question.category, first: place, order: order))
          index[question.category] = categories.count - 1
          return categories.count - 1
        }()
      if question.correctAnswer == "True" {
        categories[number].trueCount += 1
      } else {
        categories[number].falseCount += 1
      }
    }

    /// The categories that lean one way, each with the order of its file, the place of its
    /// first statement, and what to say. One more of a kind is unavoidable with an odd
    /// count, and 60/40 is close enough to even; past that, and two apart, it leans.
    func leanings() -> [(order: Int, place: Place, message: String)] {
      categories.compactMap { category in
        let (trueCount, falseCount) = (category.trueCount, category.falseCount)
        let total = trueCount + falseCount
        let more = max(trueCount, falseCount)
        guard more - min(trueCount, falseCount) >= 2, more * 5 > total * 3 else { return nil }
        let word = trueCount > falseCount ? "True" : "False"
        return (
          category.order, category.first,
          "the true/false statements of \(category.name) lean one way, \(trueCount) True and \(falseCount) "
            + "False: always answering \(word) scores \(more * 100 / total)%"
        )
      }
    }
  }
}
