/// Where lines that are not a screen go: help, messages, errors.
public protocol Console: AnyObject {
  func write(_ lines: [Line])
}
