import DBusKit
import LiveTextCore

extension RemoteDesktopPortal {
    /// The interface's `version` and `AvailableDeviceTypes`; one round trip each.
    static func properties(on bus: DBusConnection) async throws -> (version: UInt32, devices: UInt32) {
        var values: [UInt32] = []
        for name in ["version", "AvailableDeviceTypes"] {
            let reply = try await bus.call(destination: PortalRequest.portalName, path: PortalRequest.portalPath,
                                           interface: "org.freedesktop.DBus.Properties", member: "Get",
                                           arguments: [.string(RemoteDesktopSession.interface), .string(name)],
                                           timeout: .seconds(2))
            values.append(reply.first?.unwrapped.uint32 ?? 0)
        }
        return (values[0], values[1])
    }

    /// The device types the portal offers (1 keyboard, 2 pointer, 4 touchscreen).
    static func availableDevices(on bus: DBusConnection) async throws -> UInt32 {
        try await properties(on: bus).devices
    }

    /// A session with the keyboard, granted by the user (or restored from `tokens`): made, its
    /// devices selected, started. Whatever fails or is cancelled after it was made closes it.
    static func start(on bus: DBusConnection, desktop: DesktopKind, tokens: RestoreTokenFile) async throws
        -> RemoteDesktopSession
    {
        let request = PortalRequest(bus: bus)
        let version: UInt32
        do {
            version = try await properties(on: bus).version
        } catch let error as DBusError {
            throw refusal(error, desktop: desktop)
        }
        let token = PortalRequest.newToken()
        let expected = try PortalRequest.handle(of: "session", token: token, on: bus)
        var closed = try await bus.signals(matching: closedRule(expected))
        let created: PortalRequest.Answer
        do {
            created = try await request.call(interface: RemoteDesktopSession.interface, member: "CreateSession",
                                             arguments: [], options: ["session_handle_token": .string(token)])
        } catch let error as DBusError {
            throw refusal(error, desktop: desktop)
        }
        guard created.code == 0, let said = created.results["session_handle"]?.unwrapped.string,
              let handle = try? DBusObjectPath(said) else {
            throw LiveTextError(.failed, "the RemoteDesktop portal made no session (response \(created.code))")
        }
        // Portals before 0.9 chose the path themselves.
        if handle != expected { closed = try await bus.signals(matching: closedRule(handle)) }
        do {
            var devices: [String: DBusValue] = ["types": .uint32(RemoteDesktopSession.keyboard)]
            let restoring = version >= 2 ? tokens.read() : nil
            if version >= 2 {
                devices["persist_mode"] = .uint32(2)
                if let restoring { devices["restore_token"] = .string(restoring) }
            }
            let selected = try await request.call(interface: RemoteDesktopSession.interface, member: "SelectDevices",
                                                  arguments: [.objectPath(handle)], options: devices)
            try check(selected, desktop: desktop)
            let started = try await request.call(interface: RemoteDesktopSession.interface, member: "Start",
                                                 arguments: [.objectPath(handle), .string("")], options: [:])
            try check(started, desktop: desktop)
            let granted = started.results["devices"]?.unwrapped.uint32 ?? 0
            guard granted & RemoteDesktopSession.keyboard != 0 else {
                throw LiveTextError(.accessDenied, "the RemoteDesktop dialog was answered without the keyboard, so nothing "
                                    + "was typed: " + howToAllow(desktop))
            }
            if let restore = started.results["restore_token"]?.unwrapped.string {
                try? tokens.write(restore)
            } else if restoring != nil {
                tokens.remove()
            }
            return RemoteDesktopSession(bus: bus, handle: handle, closedSignals: closed)
        } catch {
            RemoteDesktopSession.close(handle, on: bus)
            if let error = error as? DBusError { throw refusal(error, desktop: desktop) }
            throw error
        }
    }

    private static func closedRule(_ handle: DBusObjectPath) -> DBusMatchRule {
        DBusMatchRule(interface: RemoteDesktopSession.sessionInterface, member: "Closed", path: handle)
    }

    /// Throws unless the user granted the request: 1 they cancelled the dialog, 2 it ended otherwise.
    private static func check(_ answer: PortalRequest.Answer, desktop: DesktopKind) throws {
        switch answer.code {
        case 0: return
        case 1:
            throw LiveTextError(.accessDenied, "typing was refused in the desktop's RemoteDesktop dialog, so nothing was "
                                + "typed: " + howToAllow(desktop))
        default:
            throw LiveTextError(.accessDenied, "the desktop's RemoteDesktop portal refused typing (response \(answer.code)), "
                                + "so nothing was typed: " + howToAllow(desktop))
        }
    }

    /// An error reply of the portal itself, said in the user's words.
    static func refusal(_ error: DBusError, desktop: DesktopKind) -> LiveTextError {
        let backend = desktop == .kde ? "xdg-desktop-portal-kde" : "xdg-desktop-portal-gnome"
        switch error.name {
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
            return LiveTextError(.unavailable, "xdg-desktop-portal is not on the session bus: install xdg-desktop-portal "
                                 + "and \(backend), which the desktop starts with the session")
        case "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.UnknownInterface",
             "org.freedesktop.DBus.Error.UnknownProperty", "org.freedesktop.DBus.Error.InvalidArgs":
            return LiveTextError(.unavailable, "xdg-desktop-portal has no RemoteDesktop portal for this desktop: install "
                                 + backend)
        case "org.freedesktop.DBus.Error.AccessDenied", "org.freedesktop.portal.Error.NotAllowed":
            return LiveTextError(.accessDenied, "xdg-desktop-portal refused typing: \(error.message)")
        default:
            return LiveTextError(.unavailable, "the RemoteDesktop portal failed: \(error.name): \(error.message)")
        }
    }
}
