import Foundation

/// xdg-desktop-portal with KDE's backend beside a headless kwin, as a Plasma session runs them:
/// both as kwin's user on kwin's bus (the portal reads its callers' /proc/PID/root, which only
/// their own user can). The backend draws no window for global shortcuts, so it runs on Qt's
/// offscreen platform (Debian's Qt has no Wayland platform without qtwayland5); it binds the
/// shortcuts in kglobalaccel, which runs inside kwin_wayland.
public final class KDEPortal: Sendable {
    public static let portalName = "org.freedesktop.portal.Desktop"
    public static let backendName = "org.freedesktop.impl.portal.desktop.kde"
    private let backend: RunningCommand
    private let frontend: RunningCommand

    private init(backend: RunningCommand, frontend: RunningCommand) {
        (self.backend, self.frontend) = (backend, frontend)
    }

    /// Starts the backend, then the portal, and waits (60 s at most) until both own their names.
    public static func start(on kwin: KWinServer) async throws -> KDEPortal {
        let backend = try kwin.startAsSessionUser("/usr/lib/x86_64-linux-gnu/libexec/xdg-desktop-portal-kde", [],
                                                  environment: ["QT_QPA_PLATFORM": "offscreen"])
        let frontend: RunningCommand
        do {
            try await waitFor(backendName, on: kwin, while: backend)
            frontend = try kwin.startAsSessionUser("/usr/libexec/xdg-desktop-portal", [])
        } catch {
            _ = try? await stop(backend)
            throw error
        }
        let portal = KDEPortal(backend: backend, frontend: frontend)
        do {
            try await waitFor(portalName, on: kwin, while: frontend)
        } catch {
            await portal.stop()
            throw error
        }
        return portal
    }

    /// Stops the portal and its backend; what they printed, for a failure's message.
    @discardableResult
    public func stop() async -> String {
        let said = [(try? await Self.stop(frontend))?.stderr, (try? await Self.stop(backend))?.stderr]
        return said.compactMap { $0 }.joined(separator: "\n")
    }

    private static func stop(_ command: RunningCommand) async throws -> CommandResult {
        command.process.terminate()
        return try await command.finish(limit: 10)
    }

    private static func waitFor(_ name: String, on kwin: KWinServer, while command: RunningCommand) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline, command.process.isRunning {
            if try await kwin.busHasOwner(name) { return }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw TestFailure("\(name) did not come up within 60 s: \(command.errorsSoFar.suffix(2000))")
    }
}
