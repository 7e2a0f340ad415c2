import TriviaData

extension NoQuestions {
  /// Why `request` deals nothing from `questions`; nil when it deals something. (Counts
  /// what it would deal: for the no-data screen, not for dealing.)
  public static func find(
    _ request: TriviaRoute.PlayRequest, in questions: QuestionList, source: String, categories: Set<String>? = nil
  ) -> Self? {
    if let ungraded = ungraded(request, in: questions, source: source) { return ungraded }
    let difficulty = request.difficulty ?? .mixed
    let available = questions.indices.contains {
      difficulty.admits(questions.difficulty(at: $0)) && categories?.contains(questions.category(at: $0)) != false
    }
    return available ? nil : none(request, in: questions, source: source)
  }

  /// A level asked of a source that grades none of its questions.
  static func ungraded(
    _ request: TriviaRoute.PlayRequest, in questions: QuestionList, source: String
  ) -> Self? {
    let difficulty = request.difficulty ?? .mixed
    guard difficulty != .mixed, !questions.isEmpty, questions.countsByDifficulty[nil] == questions.count else {
      return nil
    }
    return Self(
      reason: "\(source) does not grade its questions by difficulty, so there are no \(difficulty.rawValue) ones.",
      details: [
        "Choose Mixed to play its \(LoadSummary.counted(questions.count, "question")): type options, then difficulty."
      ])
  }

  /// No question of the level and category asked for, and what levels there are.
  static func none(_ request: TriviaRoute.PlayRequest, in questions: QuestionList, source: String)
    -> Self
  {
    let difficulty = request.difficulty ?? .mixed
    let what = [request.category, difficulty == .mixed ? nil : difficulty.rawValue].compactMap { $0 }
    let levels = questions.gradedCounts
    return Self(
      reason: "\(source) has no \(what.isEmpty ? "" : what.joined(separator: " ") + " ")questions.",
      details: levels.isEmpty ? [] : ["Available: \(levels.joined(separator: ", "))."])
  }
}
