import CX11
import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import X11Kit

/// A `LiveSurface` shown and run on a thread of its own over a test's Xvfb, with what it reported.
final class LiveHarness: @unchecked Sendable {
    private let lock = NSLock()
    private var shown: LiveSurface?
    private var log: [LiveSurfaceEvent] = []
    private(set) var task: Task<LiveSurface.Ending, any Error>!

    /// Freezes `area` (nil: the screen), shows the surface and runs it; `onEvent` runs on its thread.
    static func start(_ server: TestDisplay, area: Bounds? = nil,
                      onEvent: @escaping @Sendable (LiveSurfaceEvent, LiveSurface) -> Void = { _, _ in }) -> LiveHarness {
        let harness = LiveHarness()
        harness.task = Task {
            try await offPool {
                let display = try X11Display(name: server.name)
                defer { display.close() }
                let surface = try LiveSurface(display: display, area: area)
                try surface.show()
                harness.lock.withLock { harness.shown = surface }
                return try surface.run { event in
                    harness.lock.withLock { harness.log.append(event) }
                    onEvent(event, surface)
                }
            }
        }
        return harness
    }

    var events: [LiveSurfaceEvent] { lock.withLock { log } }

    /// Runs `body` on the surface's thread once it is shown, and returns what it returned.
    func onSurface<T: Sendable>(_ body: @escaping @Sendable (LiveSurface) throws -> T) async throws -> T {
        var surface: LiveSurface?
        for _ in 0..<1500 where surface == nil {
            surface = lock.withLock { shown }
            if surface == nil { try await Task.sleep(for: .milliseconds(20)) }
        }
        guard let surface else { throw TestFailure("the surface was never shown") }
        return try await withCheckedThrowingContinuation { continuation in
            let posted = surface.post { continuation.resume(with: Result { try body(surface) }) }
            if !posted { continuation.resume(throwing: TestFailure("the surface is closed")) }
        }
    }

    /// Waits (up to 20 s) until the events reported satisfy `condition`.
    func waitForEvents(_ condition: @escaping ([LiveSurfaceEvent]) -> Bool) async throws {
        for _ in 0..<1000 {
            if condition(events) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TestFailure("the events never came: \(events)")
    }

    /// How `run` ended, or a recorded issue after `limit` (a hang guard).
    func ending(limit: Duration = .seconds(30)) async -> Result<LiveSurface.Ending, any Error>? {
        await result(of: task, within: limit, what: "run()")
    }
}

/// The live surface's window as another client sees it.
struct SurfaceWindow: Sendable {
    var id: UInt
    var overrideRedirect: Bool
    var viewable: Bool
    /// x, y, width, height.
    var frame: [Int]
}

/// Looking at the live surface from another client, as a window manager or a screen locker would.
enum LiveProbe {
    /// Waits until a window of class `livetext` holds the keyboard grab (taken after the pointer
    /// grab), and returns what another client sees of it.
    static func waitForSurface(_ server: TestDisplay) async throws -> SurfaceWindow {
        try await waitForGrab(server) { windows(ofClass: "livetext", $0) }
    }

    /// Waits until the keyboard is grabbed and `find` sees a window, and returns the first.
    static func waitForGrab(_ server: TestDisplay, find: @escaping @Sendable (X11Display) -> [UInt]) async throws
        -> SurfaceWindow {
        try await offPool {
            let probe = try X11Display(name: server.name)
            defer { probe.close() }
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                let status = XGrabKeyboard(probe.handle, probe.root, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime))
                if status == GrabSuccess { XUngrabKeyboard(probe.handle, UInt(CurrentTime)) }
                probe.sync()
                if status == AlreadyGrabbed, let window = find(probe).first {
                    var attributes = XWindowAttributes()
                    XGetWindowAttributes(probe.handle, Window(window), &attributes)
                    return SurfaceWindow(id: window, overrideRedirect: attributes.override_redirect != 0,
                                         viewable: attributes.map_state == IsViewable,
                                         frame: [attributes.x, attributes.y, attributes.width, attributes.height].map(Int.init))
                }
                usleep(20_000)
            }
            throw TestFailure("no window took the keyboard grab")
        }
    }

    /// Top-level windows whose WM_CLASS has `name` as both instance and class.
    static func windows(ofClass name: String, _ display: X11Display) -> [UInt] {
        var root: Window = 0, parent: Window = 0, count: UInt32 = 0
        var children: UnsafeMutablePointer<Window>?
        guard XQueryTree(display.handle, display.root, &root, &parent, &children, &count) != 0, let children else { return [] }
        defer { XFree(children) }
        return UnsafeBufferPointer(start: children, count: Int(count)).filter { window in
            var hint = XClassHint()
            guard XGetClassHint(display.handle, window, &hint) != 0 else { return false }
            defer {
                XFree(hint.res_name)
                XFree(hint.res_class)
            }
            return hint.res_name.map { String(cString: $0) } == name && hint.res_class.map { String(cString: $0) } == name
        }.map { UInt($0) }
    }

    /// Whether another client can grab pointer and keyboard now (both released at once), and
    /// the windows `find` (by default: of class livetext) sees.
    static func grabsFree(_ server: TestDisplay,
                          find: @escaping @Sendable (X11Display) -> [UInt] = { windows(ofClass: "livetext", $0) })
        async throws -> (pointer: Bool, keyboard: Bool, windows: [UInt]) {
        try await offPool {
            let probe = try X11Display(name: server.name)
            defer { probe.close() }
            let pointer = XGrabPointer(probe.handle, probe.root, 0, UInt32(ButtonPressMask), GrabModeAsync, GrabModeAsync,
                                       0, 0, UInt(CurrentTime))
            let keyboard = XGrabKeyboard(probe.handle, probe.root, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime))
            XUngrabPointer(probe.handle, UInt(CurrentTime))
            XUngrabKeyboard(probe.handle, UInt(CurrentTime))
            probe.sync()
            return (pointer == GrabSuccess, keyboard == GrabSuccess, find(probe))
        }
    }

    /// Waits (up to 5 s) until pointer and keyboard are free and no window of class `livetext`
    /// is left (the server drops a killed client's grabs a moment later), and says what it saw last.
    static func waitUntilFree(_ server: TestDisplay) async throws -> (pointer: Bool, keyboard: Bool, windows: [UInt]) {
        var after = try await grabsFree(server)
        for _ in 0..<250 where !(after.pointer && after.keyboard && after.windows.isEmpty) {
            try await Task.sleep(for: .milliseconds(20))
            after = try await grabsFree(server)
        }
        return after
    }

    /// The screen's pixels now, as another client reads them.
    static func screen(_ server: TestDisplay) async throws -> PixelImage {
        try await offPool {
            let probe = try X11Display(name: server.name)
            defer { probe.close() }
            return try ScreenCapture(display: probe).capture(.screen).image
        }
    }

    /// The cursor the server shows now (XFixes): its size, hot spot and pixels.
    static func cursor(_ server: TestDisplay) async throws -> [UInt] {
        try await offPool {
            let probe = try X11Display(name: server.name)
            defer { probe.close() }
            guard let image = XFixesGetCursorImage(probe.handle) else { throw TestFailure("no cursor image") }
            defer { XFree(image) }
            let cursor = image.pointee
            let pixels = UnsafeBufferPointer(start: cursor.pixels, count: Int(cursor.width) * Int(cursor.height))
            return [UInt(cursor.width), UInt(cursor.height), UInt(cursor.xhot), UInt(cursor.yhot)] + pixels.map { UInt($0) }
        }
    }
}

extension PixelImage {
    /// The rgba of the pixel at `x`, `y`.
    func rgba(_ x: Int, _ y: Int) -> [UInt8] {
        let at = (y * width + x) * 4
        return Array(pixels[at..<at + 4])
    }
}

/// The real `livetext` program, started in the background against a test's Xvfb.
enum LiveProgram {
    /// Starts `livetext` with `arguments`: in-process, without the developer's settings.
    static func start(_ arguments: [String], on server: TestDisplay) throws -> Process {
        let process = Process()
        process.executableURL = builtLivetext()
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment(server)) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// `DISPLAY`, in-process, no settings file of the developer's.
    static func environment(_ server: TestDisplay) -> [String: String] {
        server.environment.merging(["LIVETEXT_LOCAL": "1", "XDG_CONFIG_HOME": "/nonexistent/livetext-tests",
                                    "OMP_THREAD_LIMIT": "1"]) { $1 }
    }

    /// Waits (up to `limit`) until `process` exits; its status, nil when it did not.
    static func exitStatus(_ process: Process, limit: TimeInterval = 30) async throws -> Int32? {
        try await offPool {
            let deadline = Date().addingTimeInterval(limit)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            return process.isRunning ? nil : process.terminationStatus
        }
    }
}
