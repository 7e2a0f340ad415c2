/// Numbers as a sentence says them. Screens see only ScreenKit, so the few they show in
/// words are spelled here once.
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
