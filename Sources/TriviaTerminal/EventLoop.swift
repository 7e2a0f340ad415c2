import EditLineShim
import Glibc

/// What the terminal waits on besides the keyboard while a line is edited: descriptors (the
/// socket links arrive on) and a time (a question's countdown). libedit reads each key
/// through `wait`; when something has work for the game, the line being typed is set aside,
/// the game gets the event, and the line comes back as it was.
@MainActor
public final class EventLoop {
  /// Descriptors to watch, and for what, asked before each wait.
  public var descriptors: () -> [pollfd] = { [] }
  /// When the game wants to be woken (a countdown's next second): reaching it is an event.
  public var wakeAt: () -> ContinuousClock.Instant? = { nil }
  /// When the descriptors' owner wants `service` called even if nothing arrives.
  public var serviceAt: () -> ContinuousClock.Instant? = { nil }
  /// Called after every wake with the descriptors as polled; true when the game has
  /// something to do, which ends the line being edited (see `LineInput.event`).
  public var service: (_ polled: [pollfd]) -> Bool = { _ in false }
  /// While set (a question the player must answer first), events wait; descriptors are
  /// still serviced.
  private var holding = false
  private var pending = false

  public init() {}

  /// Runs `body` with events held back until it returns.
  public func holdingEvents<T>(_ body: () -> T) -> T {
    let was = holding
    holding = true
    defer { holding = was }
    return body()
  }

  /// 1 when `keyboard` can be read, 0 at an exit signal, 2 when the game has an event.
  func wait(keyboard: Int32) -> Int32 {
    while true {
      if trivia_exit_signal() != 0 { return 0 }
      if pending, !holding {
        pending = false
        return 2
      }
      var waits = [pollfd(fd: keyboard, events: Int16(POLLIN), revents: 0)]
      let signalled = trivia_wake_descriptor()
      if signalled >= 0 { waits.append(pollfd(fd: signalled, events: Int16(POLLIN), revents: 0)) }
      let first = waits.count
      waits += descriptors()
      let wake = holding ? nil : wakeAt()
      let timeout = [wake, serviceAt()].compactMap { $0 }.min()
      let ready = poll(&waits, nfds_t(waits.count), Self.milliseconds(until: timeout))
      if ready < 0, errno != EINTR { return 1 }
      if trivia_exit_signal() != 0 { return 0 }
      if service(Array(waits[first...])) { pending = true }
      // A new size: the line is drawn again for it.
      if trivia_resize_pending() != 0 { pending = true }
      if let wake, ContinuousClock.now >= wake { pending = true }
      // Keys first: an event waits for the next key, which is read at once.
      if waits[0].revents != 0 { return 1 }
    }
  }

  /// A poll timeout: whole milliseconds until `instant`, rounded up; -1 for none.
  static func milliseconds(until instant: ContinuousClock.Instant?) -> Int32 {
    guard let instant else { return -1 }
    let left = instant - .now
    guard left > .zero else { return 0 }
    let (seconds, attoseconds) = left.components
    return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
  }

  /// Makes libedit wait through this loop.
  nonisolated func install() {
    trivia_set_wait(
      { context, descriptor in
        // libedit calls back on the thread that called el_gets: the main one.
        let address = UInt(bitPattern: context)
        return MainActor.assumeIsolated {
          Unmanaged<EventLoop>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeUnretainedValue()
            .wait(keyboard: descriptor)
        }
      }, Unmanaged.passUnretained(self).toOpaque())
  }
}
