/// Numbers as a sentence says them, spelled once for the screens (through ScreenKit) and for
/// the messages of TriviaData, which sees no ScreenKit.
public enum NumberText {
  /// `2460` as `2,460`.
  public static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return number < 0 ? "-" + result : result
  }

  /// `1 file`, `47,175 questions`: the number grouped, the noun in the plural but for one.
  public static func counted(_ number: Int, _ noun: String) -> String {
    "\(grouped(number)) \(number == 1 ? noun : noun + "s")"
  }

  /// `3` as `3rd`, `11` as `11th`, `22` as `22nd`.
  public static func ordinal(_ number: Int) -> String {
    let lastTwo = number.magnitude % 100
    let suffix =
      switch (lastTwo / 10 == 1, lastTwo % 10) {
      case (false, 1): "st"
      case (false, 2): "nd"
      case (false, 3): "rd"
      default: "th"
      }
    return grouped(number) + suffix
  }
}
