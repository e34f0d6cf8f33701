import Foundation
import Synchronization
import LiveTextCore
import TestSupport
import WaylandKit

/// A Wayland-native window on kwin (or gnome-shell) showing an image: WaylandKit's own xdg-shell
/// viewer window (foot, the usual test client, divides by zero on kwin's virtual output). It lives on a thread
/// of its own, as a Wayland window must, answering kwin's pings and hearing keys until `close()`.
final class PatternWindow: @unchecked Sendable {
    private let stop = CancellationFlag()
    private let ended = DispatchSemaphore(value: 0)
    private let keys = Mutex<[UInt32]>([])

    /// The keysyms of the keys pressed in the window, in order.
    var keysyms: [UInt32] { keys.withLock { $0 } }

    /// What the keys pressed in the window typed (printable ASCII; Return as a newline).
    var typed: String {
        String(keysyms.compactMap { keysym -> Character? in
            switch keysym {
            case 0x20...0x7e: Character(Unicode.Scalar(keysym)!)
            case 0xff0d: "\n"
            default: "?"
            }
        })
    }

    /// Waits (up to `limit`) until the keys typed `text`; what they typed by then.
    func waitForTyped(_ text: String, within limit: Duration = .seconds(30)) async throws -> String {
        let end = ContinuousClock.now + limit
        while typed != text, ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(100)) }
        return typed
    }

    private init() {}

    /// Opens the window and returns once its first frame is committed.
    static func open(on kwin: KWinServer, showing image: PixelImage) async throws -> PatternWindow {
        try await open(socket: kwin.waylandDisplay, runtimeDirectory: kwin.runtimeDirectory.path, showing: image)
    }

    /// The same on the compositor at `socket` in `runtimeDirectory`.
    static func open(socket: String, runtimeDirectory: String, showing image: PixelImage) async throws -> PatternWindow {
        let window = PatternWindow()
        try await offPool {
            let shown = DispatchSemaphore(value: 0)
            let failure = FailureBox()
            let thread = Thread {
                do {
                    let canvas = try WaylandViewWindow(socket: socket, runtimeDirectory: runtimeDirectory,
                                                       title: "pattern", width: image.width, height: image.height)
                    try canvas.show()
                    try canvas.setBase(image, paints: [])
                    shown.signal()
                    _ = try canvas.run(cancel: window.stop) { event in
                        if case .key(let key) = event { window.keys.withLock { $0.append(key.keysym) } }
                    }
                } catch {
                    failure.error = error
                    shown.signal()
                }
                window.ended.signal()
            }
            thread.start()
            guard shown.wait(timeout: .now() + 30) == .success else {
                window.stop.cancel()
                throw TestFailure("the pattern window was not shown within 30 s")
            }
            if let error = failure.error { throw error }
        }
        return window
    }

    /// Closes the window and waits (up to 10 s) for its thread to end.
    func close() async {
        stop.cancel()
        let ended = self.ended
        _ = try? await offPool { _ = ended.wait(timeout: .now() + 10) }
    }
}

/// An error handed from the window's thread to the one waiting for it (the semaphore orders them).
private final class FailureBox: @unchecked Sendable {
    var error: (any Error)?
}
