/// A night hosted here, as `nights` lists it and shows its final table.
public struct HostedNight: Equatable, Sendable {
  /// Its number in the history, which stays as more are hosted: 1 for the first night.
  public var number: Int
  /// The day it ended, in this machine's time zone: `2026-11-24`.
  public var date: String
  public var night: PlayedNight

  public init(number: Int, date: String, night: PlayedNight) {
    self.number = number
    self.date = date
    self.night = night
  }
}
