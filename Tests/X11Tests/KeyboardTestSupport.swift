import CX11
import Foundation
import Testing
import TestSupport
@testable import X11Kit

/// Collects what a hotkey stream yields, for tests to wait on.
final class PressCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: [String] = []
    private var ended = false

    init(_ stream: AsyncStream<String>) {
        Task { [self] in
            for await id in stream { record { ids.append(id) } }
            record { ended = true }
        }
    }

    private func record(_ change: () -> Void) {
        lock.lock()
        change()
        lock.unlock()
    }

    private var snapshot: (ids: [String], ended: Bool) {
        lock.lock()
        defer { lock.unlock() }
        return (ids, ended)
    }

    /// The ids so far, once there are `count` of them or the stream ended (or `timeout`, a hang guard).
    func wait(count: Int, timeout: TimeInterval = 15) async -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while snapshot.ids.count < count, !snapshot.ended, Date() < deadline {
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        return snapshot.ids
    }

    /// True once the stream finished (false after `timeout`).
    func waitEnded(timeout: TimeInterval = 15) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !snapshot.ended, Date() < deadline { try? await Task.sleep(nanoseconds: 20_000_000) }
        return snapshot.ended
    }
}

/// Runs xdotool on `server` and expects it to succeed.
func xdotool(_ server: TestDisplay, _ arguments: [String]) async throws {
    let result = try await runCommand("/usr/bin/xdotool", arguments, environment: server.environment)
    #expect(result.status == 0, "xdotool \(arguments.joined(separator: " ")): \(result.stderr)")
}

/// The same with the arguments in one string, split at spaces ("mousemove 10 10 click 1").
func xdotool(_ server: TestDisplay, _ arguments: String) async throws {
    try await xdotool(server, arguments.split(separator: " ").map(String.init))
}

/// Whether the keyboard LED named `name` ("Caps Lock", "Num Lock") is lit.
func ledIsLit(_ display: X11Display, _ name: String) -> Bool {
    var state: Int32 = 0
    let found = XkbGetNamedIndicator(display.handle, display.atom(name), nil, &state, nil, nil)
    return found != 0 && state != 0
}

/// Keycodes the server currently considers pressed.
func pressedKeycodes(_ display: X11Display) -> [Int] {
    var keys = [CChar](repeating: 0, count: 32)
    XQueryKeymap(display.handle, &keys)
    return (0..<256).filter { UInt8(bitPattern: keys[$0 / 8]) & (1 << UInt8($0 % 8)) != 0 }
}
