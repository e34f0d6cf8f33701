import Foundation
import LiveTextCore
import Synchronization
import Testing
import TestSupport
@testable import X11Kit

/// `CanvasSelection`, the selection of display servers that have a live canvas but no selection
/// of their own (Wayland), run here over X11's canvas, the `LiveSurface`, driven with xdotool.
@Suite("the selection over a live canvas")
struct CanvasSelectionTests {
    typealias F = CaptureFixtures

    /// Runs the selection over a canvas of the whole screen on a thread of its own.
    func start(_ server: TestDisplay, cancel: CancellationFlag? = nil, timeout: Duration = .seconds(60),
               rests: RestedBounds? = nil) -> Task<CapturedImage, any Error> {
        Task {
            try await offPool {
                let display = try X11Display(name: server.name)
                let canvas = try LiveSurface(display: display, closingDisplay: true)
                return try CanvasSelection.select(on: canvas, cancel: cancel, timeout: timeout) { rested in
                    rests?.add(rested.bounds)
                }
            }
        }
    }

    @Test("a drag returns the dragged rectangle (either direction) with the frozen pixels; a rest reports it first")
    func drag() async throws {
        try await TestDisplay.with(width: 640, height: 480) { server in
            let painter = try ScreenPainter(server)
            let window = try painter.window(Bounds(x: 40, y: 30, width: 400, height: 300), color: F.testPattern)
            for (from, to) in [((100, 80), (260, 190)), ((260, 190), (100, 80))] {
                let rests = RestedBounds()
                let task = start(server, rests: rests)
                _ = try await LiveProbe.waitForSurface(server)
                try await xdotool(server, "mousemove \(from.0) \(from.1) mousedown 1 mousemove 180 120 sleep 0.05 "
                                        + "mousemove \(to.0) \(to.1)")
                // Held still until the rest is reported (120 ms, more on a loaded machine), then released.
                for _ in 0..<500 where rests.all.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
                try await xdotool(server, "mouseup 1")
                let selected = try await task.value
                let rect = Bounds(x: 100, y: 80, width: 160, height: 110)
                #expect(selected.bounds == rect)
                #expect(F.pixelDifference(selected.image,
                                          window.expected.cropped(to: Bounds(x: 60, y: 50, width: 160, height: 110))) == nil,
                        "the frozen pixels, not the selection's frame drawn over them")
                #expect(rests.all.last == rect, "\(rests.all)")
            }
        }
    }

    @Test("a click takes the whole canvas; Escape, button 3 and the timeout cancel")
    func clickAndCancels() async throws {
        try await TestDisplay.with(width: 320, height: 240) { server in
            let click = start(server)
            _ = try await LiveProbe.waitForSurface(server)
            try await xdotool(server, "mousemove 50 50 click 1")
            #expect(try await click.value.bounds == Bounds(x: 0, y: 0, width: 320, height: 240))
            for keys in ["key Escape", "mousemove 60 60 click 3"] {
                let task = start(server)
                _ = try await LiveProbe.waitForSurface(server)
                try await xdotool(server, keys)
                let error = await #expect(throws: LiveTextError.self) { try await task.value }
                #expect(error?.code == .cancelled, "\(keys)")
            }
            let timed = start(server, timeout: .milliseconds(500))
            let error = await #expect(throws: LiveTextError.self) { try await timed.value }
            #expect(error?.message.contains("nothing was chosen within") == true)
        }
    }
}

/// The rectangles a selection reported at rest.
final class RestedBounds: Sendable {
    private let list = Mutex<[Bounds]>([])
    func add(_ rect: Bounds) { list.withLock { $0.append(rect) } }
    var all: [Bounds] { list.withLock { $0 } }
}
