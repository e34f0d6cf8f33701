import Foundation
import LiveTextCore
import Testing
import TestSupport
import WaylandKit

/// A `WaylandLiveSurface` shown and run on a thread of its own over a test's sway, with what it
/// reported.
final class WaylandLiveHarness: @unchecked Sendable {
    private let lock = NSLock()
    private var shown: WaylandLiveSurface?
    /// Why the surface could not be made or shown.
    private var failure: (any Error)?
    private var log: [LiveSurfaceEvent] = []
    private(set) var task: Task<LiveCanvasEnding, any Error>!

    /// Makes a surface showing `frozen`, maps it and runs it; `onEvent` runs on its thread.
    static func start(_ sway: SwayServer, frozen: CapturedImage, cancel: CancellationFlag? = nil,
                      onEvent: @escaping @Sendable (LiveSurfaceEvent, WaylandLiveSurface) -> Void = { _, _ in })
        -> WaylandLiveHarness {
        start(cancel: cancel, onEvent: onEvent) {
            try WaylandLiveSurface(socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path, frozen: frozen)
        }
    }

    /// As above, with the surface `make` makes (on the surface's thread).
    static func start(cancel: CancellationFlag? = nil,
                      onEvent: @escaping @Sendable (LiveSurfaceEvent, WaylandLiveSurface) -> Void = { _, _ in },
                      make: @escaping @Sendable () throws -> WaylandLiveSurface) -> WaylandLiveHarness {
        let harness = WaylandLiveHarness()
        harness.task = Task {
            try await offPool {
                let surface: WaylandLiveSurface
                do {
                    surface = try make()
                    try surface.map()
                } catch {
                    harness.lock.withLock { harness.failure = error }
                    throw error
                }
                guard surface.grabInputIfFree() else { throw TestFailure("the input was not the surface's") }
                harness.lock.withLock { harness.shown = surface }
                return try surface.run(cancel: cancel) { event in
                    harness.lock.withLock { harness.log.append(event) }
                    onEvent(event, surface)
                }
            }
        }
        return harness
    }

    var events: [LiveSurfaceEvent] { lock.withLock { log } }

    /// The surface once it is shown (up to 30 s); why not, when it could not be.
    func surface() async throws -> WaylandLiveSurface {
        for _ in 0..<1500 {
            if let surface = lock.withLock({ shown }) { return surface }
            if let failure = lock.withLock({ failure }) { throw failure }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TestFailure("the surface was never shown")
    }

    /// Runs `body` on the surface's thread once it is shown, and returns what it returned.
    func onSurface<T: Sendable>(_ body: @escaping @Sendable (WaylandLiveSurface) throws -> T) async throws -> T {
        let surface = try await surface()
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
    func ending(limit: Duration = .seconds(30)) async -> Result<LiveCanvasEnding, any Error>? {
        let outcome = await result(of: task, within: limit)
        if outcome == nil { Issue.record("run() did not return within \(limit)") }
        return outcome
    }
}

/// What sway shows, read with grim as any client would.
enum SwayScreen {
    /// The whole layout's pixels now (rgba8, alpha 255), from `grim -t ppm -`.
    static func read(_ sway: SwayServer) async throws -> PixelImage {
        try await GrimPeer.capture(sway)
    }

    /// Reads the screen until `expected` is shown (15 reads, 100 ms apart: a frame or two may be on their
    /// way), and says where the last screen read differed from it, or nil when it was shown.
    static func difference(_ sway: SwayServer, from expected: PixelImage) async throws -> String? {
        var difference: String?
        for _ in 0..<15 {
            difference = pixelDifference(try await read(sway), expected)
            if difference == nil { return nil }
            try await Task.sleep(for: .milliseconds(100))
        }
        return difference
    }

    /// Where `actual` differs from `expected` (their rgb), or nil when it does not.
    static func pixelDifference(_ actual: PixelImage, _ expected: PixelImage) -> String? {
        guard actual.width == expected.width, actual.height == expected.height else {
            return "size \(actual.width)×\(actual.height), expected \(expected.width)×\(expected.height)"
        }
        var count = 0, first: (Int, Int)?
        // Over raw buffers: a debug build is slow enough per pixel to matter over a whole screen.
        actual.pixels.withUnsafeBufferPointer { left in
            expected.pixels.withUnsafeBufferPointer { right in
                for index in 0..<actual.pixelCount {
                    let at = index * 4
                    guard left[at] != right[at] || left[at + 1] != right[at + 1] || left[at + 2] != right[at + 2] else { continue }
                    count += 1
                    if first == nil { first = (index % actual.width, index / actual.width) }
                }
            }
        }
        guard let first else { return nil }
        return "\(count) pixels differ, first at \(first.0),\(first.1): \(actual.rgba(first.0, first.1)) "
            + "instead of \(expected.rgba(first.0, first.1))"
    }
}

extension PixelImage {
    /// The rgba of the pixel at `x`, `y`.
    func rgba(_ x: Int, _ y: Int) -> [UInt8] {
        let at = (y * width + x) * 4
        return Array(pixels[at..<at + 4])
    }

    /// A pattern no desktop shows: every pixel of a `width`×`height` image differs from its
    /// neighbours.
    static func livePattern(width: Int, height: Int) -> PixelImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let at = (y * width + x) * 4
                pixels[at] = UInt8(truncatingIfNeeded: x)
                pixels[at + 1] = UInt8(truncatingIfNeeded: y * 3)
                pixels[at + 2] = UInt8(truncatingIfNeeded: (x + y) * 7 + 64)
            }
        }
        return PixelImage(width: width, height: height, format: .rgba8, pixels: pixels)
    }
}
