#if Night
  import Glibc

  /// Every player is a socket: a night of thousands needs more descriptors than the 1,024 a
  /// login shell's soft limit usually gives, and the hard limit (often far higher) is ours to use.
  enum DescriptorLimit {
    /// Raises the soft limit to what `connections` need, or as far as the hard limit lets it.
    static func raise(toHold connections: Int) {
      var limit = rlimit()
      guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
      // The pipes, the listener, the runtime's own: a margin over one socket each.
      let wanted = rlim_t(connections + 256)
      guard limit.rlim_cur < wanted else { return }
      limit.rlim_cur = min(wanted, limit.rlim_max)
      _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
  }
#endif
