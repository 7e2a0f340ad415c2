import NightKit
import NightRelay
import Testing

/// A player's connection as `trivia-night connect` decides it: a drop is dialled again each
/// second for a minute, said to the game once; an address that never answered is not.
@Suite("A player's line to its host")
struct PlayerLineTests {
  let address = "http://192.0.2.1:8080/ABC123"

  @Test func aDropIsSaidOnceAndDialledAgainEachSecondForAMinute() {
    var line = PlayerLine(address: address, comingBack: false)
    #expect(line.handle(.connected, now: .zero) == [.say(.opened(0, address: address))])
    #expect(line.handle(.text("hi"), now: .seconds(1)) == [.say(.text(0, "hi"))])
    #expect(line.handle(.closed("reset"), now: .seconds(2)) == [.say(.closed(0, reason: "reset"))])
    #expect(line.retryAt == .seconds(3))
    #expect(line.handle(.tick, now: .milliseconds(2_999)).isEmpty)
    #expect(line.handle(.tick, now: .seconds(3)) == [.dial])
    // Each failed dial is tried again, said to the game no more.
    var now = Duration.seconds(3)
    while now < .seconds(61) {
      now += .milliseconds(100)
      #expect(line.handle(.closed("refused"), now: now).isEmpty)
      now += .seconds(1)
      #expect(line.handle(.tick, now: now) == [.dial])
    }
    #expect(line.handle(.closed("refused"), now: .seconds(63)) == [.fail("no answer from the host for a minute")])
  }

  @Test func backWithinTheMinuteItStartsAnotherMinute() {
    var line = PlayerLine(address: address, comingBack: false)
    _ = line.handle(.connected, now: .zero)
    _ = line.handle(.closed("reset"), now: .seconds(10))
    _ = line.handle(.tick, now: .seconds(11))
    #expect(line.handle(.connected, now: .seconds(12)) == [.say(.opened(0, address: address))])
    #expect(line.handle(.closed("reset"), now: .seconds(65)) == [.say(.closed(0, reason: "reset"))])
    #expect(line.retryAt == .seconds(66))
  }

  @Test func anAddressThatNeverOpenedIsAWrongOneUnlessThePlayerHadAPlace() {
    var fresh = PlayerLine(address: address, comingBack: false)
    #expect(fresh.handle(.closed("Connection refused"), now: .zero) == [.fail("Connection refused")])
    var comingBack = PlayerLine(address: address, comingBack: true)
    #expect(
      comingBack.handle(.closed("Connection refused"), now: .zero) == [.say(.closed(0, reason: "Connection refused"))])
    #expect(comingBack.handle(.tick, now: .seconds(1)) == [.dial])
  }
}
