import ScreenKit
import TriviaData

extension NoQuestions {
  /// Why `request` deals nothing from `questions`; nil when it deals something. (Counts
  /// what it would deal: for the no-data screen, not for dealing.)
  public static func find(
    _ request: RoundRequest, in questions: QuestionList, source: String, categories: Set<String>? = nil
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
    _ request: RoundRequest, in questions: QuestionList, source: String
  ) -> Self? {
    let difficulty = request.difficulty ?? .mixed
    guard difficulty != .mixed, !questions.isEmpty, questions.countsByDifficulty[nil] == questions.count else {
      return nil
    }
    return Self(
      reason: "\(source) does not grade its questions by difficulty, so there are no \(difficulty.rawValue) ones.",
      details: [
        "Choose Mixed to play its \(NumberText.counted(questions.count, "question")): type options, then difficulty."
      ])
  }

  /// No question of the level and category asked for, and what levels there are.
  static func none(_ request: RoundRequest, in questions: QuestionList, source: String)
    -> Self
  {
    let difficulty = request.difficulty ?? .mixed
    let what = [request.category, difficulty == .mixed ? nil : difficulty.rawValue].compactMap { $0 }
    let levels = questions.gradedCounts
    let reason = "\(source) has no \(what.isEmpty ? "" : what.joined(separator: " ") + " ")questions."
    guard let category = request.category, let level = difficulty.level else {
      return Self(reason: reason, details: levels.isEmpty ? [] : ["Available: \(levels.joined(separator: ", "))."])
    }
    // The category is part of the reason: what it has, and the categories that have the level.
    var inCategory: [Difficulty: Int] = [:]
    var withLevel: [String: Int] = [:]
    let named = Set(category.matchingNames(in: questions.countsByCategory.map(\.category)))
    for index in questions.indices {
      let name = questions.category(at: index)
      let grade = questions.difficulty(at: index)
      if named.contains(name), let grade { inCategory[grade, default: 0] += 1 }
      if grade == level { withLevel[name, default: 0] += 1 }
    }
    let has = Difficulty.allCases.compactMap { grade in inCategory[grade].map { "\($0) \(grade.rawValue)" } }
    let others = withLevel.sorted { $0.key < $1.key }.map { "\($0.key) (\(NumberText.grouped($0.value)))" }
    return Self(
      reason: reason,
      details: (has.isEmpty ? [] : ["\(category) has \(has.joined(separator: ", "))."])
        + (others.isEmpty ? [] : ["Categories with \(level.rawValue) questions: \(others.joined(separator: ", "))."])
        + ["Type category NAME to choose another, or options to change the level."])
  }
}
