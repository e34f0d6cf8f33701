import DBusKit
import Foundation
import LiveTextCore

/// One call of an xdg-desktop-portal method that answers later, through the `Response` signal of
/// a `org.freedesktop.portal.Request` object: the portal's own pattern for whatever may wait for
/// the user (a consent dialog, a file chooser).
///
/// The portal sends `Response` only to the caller and may send it at once, so the match is made on
/// the request's path before the call; the path is known in advance from the caller's unique name
/// and a `handle_token` of our choosing. An answer that never comes (a dialog left open) ends at the
/// caller's deadline, when the request is closed so that the dialog goes away and nothing is left
/// waiting in the portal.
struct PortalRequest: Sendable {
    /// How the user answered: 0 done, 1 cancelled by the user, 2 ended otherwise (refused by policy).
    struct Answer: Sendable {
        var code: UInt32
        var results: [String: DBusValue]
    }

    static let portalName = "org.freedesktop.portal.Desktop"
    static let portalPath: DBusObjectPath = "/org/freedesktop/portal/desktop"

    let bus: DBusConnection

    /// A `handle_token` (or `session_handle_token`) of our own, new each call.
    static func newToken() -> String {
        "livetext_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// The path the portal gives the `kind` object (`request`, `session`) a caller made with
    /// `token`: known before the call, from the caller's unique name.
    static func handle(of kind: String, token: String, on bus: DBusConnection) throws -> DBusObjectPath {
        let sender = bus.uniqueName.dropFirst().replacingOccurrences(of: ".", with: "_")
        return try DBusObjectPath("/org/freedesktop/portal/desktop/\(kind)/\(sender)/\(token)")
    }

    /// Calls `interface.member` with `arguments` followed by the options (`handle_token` added) and
    /// waits for its `Response`. Cancelling the task closes the request.
    func call(interface: String, member: String, arguments: [DBusValue], options: [String: DBusValue]) async throws
        -> Answer
    {
        let token = Self.newToken()
        let path = try Self.handle(of: "request", token: token, on: bus)
        let responses = try await bus.signals(matching: DBusMatchRule(interface: "org.freedesktop.portal.Request",
                                                                      member: "Response", path: path))
        var all = options
        all["handle_token"] = .string(token)
        let reply = try await bus.call(destination: Self.portalName, path: Self.portalPath, interface: interface,
                                       member: member, arguments: arguments + [.vardict(all)])
        let handle = reply.first?.objectPath ?? path
        // Portals older than 0.9 chose the path themselves: then it is listened to from here on.
        let stream = handle == path ? responses
            : try await bus.signals(matching: DBusMatchRule(interface: "org.freedesktop.portal.Request",
                                                            member: "Response", path: handle))
        return try await withTaskCancellationHandler {
            for await signal in stream {
                guard let code = signal.arguments.first?.uint32 else { continue }
                return Answer(code: code, results: signal.arguments.dropFirst().first?.vardict ?? [:])
            }
            try Task.checkCancellation()
            throw LiveTextError(.unavailable, "xdg-desktop-portal left the session bus before it answered")
        } onCancel: {
            let bus = self.bus
            Task {
                _ = try? await bus.call(destination: Self.portalName, path: handle, interface: "org.freedesktop.portal.Request",
                                        member: "Close", timeout: .seconds(2))
            }
        }
    }
}

extension PortalRequest {
    /// A portal's error reply in the user's words: `notOnBus` and `noPortal` say what to install
    /// when the portal, or this portal of it, is missing; `what` is what was refused.
    static func refusal(_ error: DBusError, notOnBus: String, noPortal: String, what: String, portal: String) -> LiveTextError {
        switch error.name {
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
            return LiveTextError(.unavailable, "xdg-desktop-portal is not on the session bus: " + notOnBus)
        case "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.UnknownInterface":
            return LiveTextError(.unavailable, noPortal)
        case "org.freedesktop.DBus.Error.AccessDenied", "org.freedesktop.portal.Error.NotAllowed":
            return LiveTextError(.accessDenied, "xdg-desktop-portal refused \(what): \(error.message)")
        default:
            return LiveTextError(.unavailable, "the \(portal) portal failed: \(error.name): \(error.message)")
        }
    }
}
