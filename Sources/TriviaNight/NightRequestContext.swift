#if Night
  import Hummingbird
  import NIOCore

  /// A request's context with the peer's address, which wrong guesses are counted by.
  struct NightRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let address: String

    init(source: ApplicationRequestContextSource) {
      coreContext = .init(source: source)
      address = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }
  }
#endif
