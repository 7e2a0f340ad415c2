/// A flow that offers commands on screens besides their own (`stats`, `about`): the coordinator
/// keeps it and puts its commands in its table, so a flow is added where the flows are
/// composed, and the coordinator does not change.
@MainActor
public protocol CommandOffering: AnyObject {
  var commands: [AppCommand] { get }
}
