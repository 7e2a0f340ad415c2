import EditLineShim
import Glibc

/// What the terminal waits on besides the keyboard while a line is edited: descriptors (the
/// socket links arrive on) and a time (a question's countdown). libedit reads each key
/// through `wait`; when something has work for the game, the line being typed is set aside,
/// the game gets the event, and the line comes back as it was.
@MainActor
public final class EventLoop {
  /// What is watched besides the keyboard: the link socket, a night's connection.
  public var sources: [any EventSource] = []
  /// When the game wants to be woken (a countdown's next second): reaching it is an event.
  public var wakeAt: () -> ContinuousClock.Instant? = { nil }
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
      let wake = holding ? nil : wakeAt()
      if poll(&waits, until: wake) { pending = true }
      if trivia_exit_signal() != 0 { return 0 }
      // A new size: the line is drawn again for it.
      if trivia_resize_pending() != 0 { pending = true }
      if let wake, ContinuousClock.now >= wake { pending = true }
      // Keys first: an event waits for the next key, which is read at once.
      if waits[0].revents != 0 { return 1 }
    }
  }

  /// Without a keyboard (a script): waits on the sources alone until one has work for the
  /// game, `instant` passes, or a signal arrives; true when a source has work.
  public func waitForEvents(until instant: ContinuousClock.Instant?) -> Bool {
    var waits: [pollfd] = []
    let signalled = trivia_wake_descriptor()
    if signalled >= 0 { waits.append(pollfd(fd: signalled, events: Int16(POLLIN), revents: 0)) }
    return poll(&waits, until: instant)
  }

  /// Polls `waits` with every source's descriptors added, then services each source with
  /// its own entries; true when one has work.
  private func poll(_ waits: inout [pollfd], until wake: ContinuousClock.Instant?) -> Bool {
    var ranges: [Range<Int>] = []
    for source in sources {
      let start = waits.count
      waits += source.descriptors
      ranges.append(start..<waits.count)
    }
    let timeout = ([wake] + sources.map(\.serviceAt)).compactMap { $0 }.min()
    let ready = Glibc.poll(&waits, nfds_t(waits.count), Self.milliseconds(until: timeout))
    if ready < 0, errno != EINTR { return false }
    var work = false
    for (source, range) in zip(sources, ranges) where source.service(Array(waits[range])) { work = true }
    return work
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
