/// A screen whose state is read each time it is drawn, from the model that owns it (players
/// arriving in a lobby, a question's countdown, options changed over the landing), so the
/// screen never keeps a copy beside it. Given a plain value, it shows that value.
open class ReadingView<State> {
  private let read: () -> State
  public var state: State { read() }

  public init(state: @escaping () -> State) {
    read = state
  }

  public convenience init(state: State) {
    self.init { state }
  }
}
