import CX11
import Foundation
import LiveTextCore
import TestSupport
@testable import X11Kit

/// A program the test starts and kills (xclip serving a selection in the foreground).
final class BackgroundPeer: @unchecked Sendable {
    private let process = Process()

    init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// SIGKILL: the test runner's signal mask, which children inherit, may hold back SIGTERM.
    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }

    deinit { kill() }
}

/// Runs a command to its end and returns its exit status and raw standard output (xclip prints
/// Latin-1 for STRING, which is not UTF-8).
func runRaw(_ executable: String, _ arguments: [String], environment: [String: String]) async throws -> (status: Int32, output: Data) {
    try await offPool {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("clip-out-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A hang guard: a peer still waiting after a minute is killed (and fails the test).
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return (process.terminationStatus, try Data(contentsOf: out))
    }
}

/// `xclip -o` of `selection` as `target`.
func xclipOut(_ server: TestDisplay, selection: String = "clipboard", target: String = "UTF8_STRING") async throws -> (status: Int32, output: Data) {
    try await runRaw("/usr/bin/xclip", ["-selection", selection, "-t", target, "-o"], environment: server.environment)
}

/// Starts xclip serving `file` on `selection` as `target`, and waits until it owns the selection.
func xclipServe(_ server: TestDisplay, file: URL, selection: String = "clipboard", target: String? = nil) async throws -> BackgroundPeer {
    let peer = try BackgroundPeer("/usr/bin/xclip", ["-selection", selection, "-quiet"] + (target.map { ["-t", $0] } ?? []) + ["-i", file.path],
                                  environment: server.environment)
    let name = selection == "clipboard" ? "CLIPBOARD" : "PRIMARY"
    guard try await eventually(.seconds(30), { try ownerWindow(of: name, on: server) != 0 }) else {
        peer.kill()
        throw TestFailure("xclip did not take \(name)")
    }
    return peer
}

/// The current owner of a selection, asked over a connection of its own.
func ownerWindow(of selection: String, on server: TestDisplay) throws -> Window {
    let display = try X11Display(name: server.name)
    defer { display.close() }
    return XGetSelectionOwner(display.handle, display.atom(selection))
}

/// Polls `condition` until it holds or `guardTime` (a hang guard, not a timed assertion) passes.
func eventually(_ guardTime: Duration = .seconds(30), _ condition: @escaping @Sendable () throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + guardTime
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        try await Task.sleep(for: .milliseconds(20))
    }
    return try condition()
}

/// A temporary file with `data`, removed by the caller.
func temporaryFile(_ data: Data, suffix: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("clip-\(UUID().uuidString)\(suffix)")
    try data.write(to: url)
    return url
}

/// An image made by ImageMagick: `arguments` describe it, e.g. `["-size", "64x32", "xc:red"]`.
func makeImage(_ arguments: [String], suffix: String) async throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("clip-\(UUID().uuidString)\(suffix)")
    let result = try await runCommand("/usr/bin/convert", arguments + [url.path])
    guard result.status == 0 else { throw TestFailure("convert failed: \(result.stderr)") }
    return url
}

/// A raw Xlib requestor: asks the CLIPBOARD owner for UTF8_STRING into a property of its own
/// window and reports whether the answer is INCR. What it does next is up to the test.
final class RawRequestor {
    let display: X11Display
    let window: Window
    let property: Atom

    init(_ server: TestDisplay) throws {
        display = try X11Display(name: server.name)
        window = XCreateSimpleWindow(display.handle, display.root, 0, 0, 1, 1, 0, 0, 0)
        property = display.atom("RAW_REQUESTOR")
        display.sync()
    }

    /// Sends the request and waits (up to 10 s) for the answer; true when it is an INCR property.
    func requestIncr() -> Bool {
        let d = display.handle
        XConvertSelection(d, display.atom("CLIPBOARD"), display.atom("UTF8_STRING"), property, window, 0)
        display.flush()
        var event = XEvent()
        let deadline = ContinuousClock.now + .seconds(10)
        while XCheckTypedWindowEvent(d, window, SelectionNotify, &event) == 0 {
            if ContinuousClock.now > deadline { return false }
            usleep(5_000)
        }
        guard event.xselection.property != 0,
              let value = try? display.readProperty(of: window, property, delete: false) else { return false }
        return value.type == display.atom("INCR")
    }

    /// The union of every client's event masks on our window (XGetWindowAttributes), asked over
    /// a connection of its own.
    func allEventMasks(_ server: TestDisplay) throws -> Int {
        let other = try X11Display(name: server.name)
        defer { other.close() }
        var attributes = XWindowAttributes()
        XGetWindowAttributes(other.handle, window, &attributes)
        return attributes.all_event_masks
    }
}

