import Foundation
import LiveTextCore
import Synchronization
import Testing
import TestSupport
import WaylandKit

/// The interactive selection on a wlroots compositor (`WaylandBackend.select`: the drag over a
/// layer-shell surface of the frozen output), and as on GNOME (over a full-screen toplevel, the
/// screen from a grabber), driven by a virtual pointer.
@Suite("the selection on sway")
struct WaylandSelectionTests {
    @Test("a drag returns the dragged rectangle with the pixels grim saw; a rest reports it first; Esc cancels",
          arguments: LiveShell.allCases)
    func dragAndEscape(shell: LiveShell) async throws {
        try await SwayServer.with(xwayland: false) { sway in
            try await sway.swaymsg(["output", "HEADLESS-1", "bg", "#336699", "solid_color"])
            // swaybg draws the backdrop a moment later.
            for _ in 0..<100 {
                let shot = try await GrimPeer.capture(sway, region: Bounds(x: 0, y: 0, width: 4, height: 4))
                if Array(shot.pixels[0..<3]) == [0x33, 0x66, 0x99] { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            let backend = shell.backend(sway)
            defer { backend.close() }
            #expect(try backend.capabilities().isSuperset(of: [.selectRegion, .liveSurface]))
            // The pointer first, parked away from the rectangle: sway draws its cursor into the
            // frames it copies, the frozen one too.
            let pointer = try await offPool { try VirtualPointer(sway) }
            defer { pointer.close() }
            try await offPool { try pointer.move(600, 400) }
            let seen = try await GrimPeer.capture(sway, region: Bounds(x: 100, y: 80, width: 160, height: 110))
            let rests = RestList()
            let selection = Task {
                try await backend.select(window: false, cancel: CancellationFlag()) { rests.add($0.bounds) }
            }
            // Until the surface is up (frozen, shown, the pointer entered): the press starts the drag.
            try await Task.sleep(for: .milliseconds(1500))
            try await offPool {
                try pointer.move(100, 80)
                try pointer.button(true)
                try pointer.move(180, 120)
                try pointer.move(260, 190)
            }
            for _ in 0..<250 where rests.all.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
            try await offPool { try pointer.button(false) }
            let selected = try await selection.value
            #expect(selected.bounds == Bounds(x: 100, y: 80, width: 160, height: 110))
            #expect(SwayScreen.pixelDifference(selected.image, seen) == nil)
            #expect(rests.all.last == selected.bounds)

            let escaped = Task { try await backend.select(window: false, cancel: CancellationFlag(), atRest: nil) }
            try await Task.sleep(for: .milliseconds(600))
            _ = try await runCommand("/usr/bin/wtype", ["-s", "300", "-k", "Escape"], environment: sway.environment)
            let error = await #expect(throws: LiveTextError.self) { try await escaped.value }
            #expect(error?.code == .cancelled)
            let window = await #expect(throws: LiveTextError.self) {
                try await backend.select(window: true, cancel: CancellationFlag(), atRest: nil)
            }
            #expect(window?.code == .unavailable)
        }
    }
}

/// The rectangles a selection reported at rest.
final class RestList: Sendable {
    private let list = Mutex<[Bounds]>([])
    func add(_ rect: Bounds) { list.withLock { $0.append(rect) } }
    var all: [Bounds] { list.withLock { $0 } }
}
