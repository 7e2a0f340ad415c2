/// Commands that several screens offer with the same words, defined once.
extension Command {
  /// `source`, `source SPEC` or `source --details`; Tab offers what `complete` gives.
  public static func source(complete: ((String) -> [String])?, _ action: @escaping (String) -> Void) -> Command {
    .withArgument(
      "source", usage: "source [SPEC|--details]", summary: "describe the questions' source, or switch",
      completeArgument: complete, action: action)
  }

  /// `category`, `category NAME` or `category all`; Tab offers what `complete` gives.
  public static func category(complete: ((String) -> [String])? = nil, _ action: @escaping (String) -> Void)
    -> Command
  {
    .withArgument(
      "category", usage: "category [NAME|all]", summary: "list the categories, or play only one",
      completeArgument: complete, action: action)
  }

  /// `options`: the settings of the next round.
  public static func options(_ action: @escaping () -> Void) -> Command {
    Command("options", summary: "change the questions, difficulty, category, time, source and players", action: action)
  }

  /// `difficulty`: the level menu.
  public static func difficulty(_ action: @escaping () -> Void) -> Command {
    Command("difficulty", summary: "pick the difficulty", action: action)
  }
}
