import CX11
import Foundation
import LiveTextCore
import Testing
import TestSupport
@testable import X11Kit

/// Driving `RegionSelector.select()` from a test, and checking what it leaves behind.
extension SelectionTests {
    /// Runs `select()` on a thread of its own, over a connection of its own to `display`'s server,
    /// which that thread closes when `select()` returns: a test that ends early (a wait that
    /// timed out) closes its own connection, never one that `select()` still uses (Xlib then
    /// read a freed `Display` and crashed the whole test process).
    func startSelection(_ display: X11Display, mode: SelectionMode = .region, cancel: CancellationFlag? = nil,
                        timeout: Duration = .seconds(60), rests: RestLog? = nil) -> Task<Selection, any Error> {
        let name = display.name
        return Task {
            try await offPool {
                let own = try X11Display(name: name)
                defer { own.close() }
                return try RegionSelector(display: own).select(mode: mode, cancel: cancel, timeout: timeout,
                                                               atRest: rests.map { log in { log.append($0) } })
            }
        }
    }

    /// The outcome of `task`, or a recorded issue when it takes more than `limit` (a hang guard).
    func outcome(_ task: Task<Selection, any Error>, limit: Duration = .seconds(60)) async -> Result<Selection, any Error>? {
        await result(of: task, within: limit, what: "select()")
    }

    func selection(_ task: Task<Selection, any Error>) async throws -> Selection {
        guard let result = await outcome(task) else { throw TestFailure("no selection") }
        return try result.get()
    }

    /// Expects the selection to end with `code`; returns the message.
    @discardableResult
    func failure(_ task: Task<Selection, any Error>, _ code: LiveTextError.Code,
                         sourceLocation: SourceLocation = #_sourceLocation) async -> String {
        switch await outcome(task) {
        case .failure(let error as LiveTextError)?:
            #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
            return error.message
        case let other?:
            Issue.record("expected \(code), got \(other)", sourceLocation: sourceLocation)
        case nil:
            break
        }
        return ""
    }

    /// Waits until the overlay holds the keyboard grab (taken after the pointer grab) and returns
    /// the overlay window, checked to be an override-redirect window covering the screen.
    func waitForOverlay(_ server: TestDisplay) async throws -> UInt {
        let overlay = try await LiveProbe.waitForGrab(server, find: Self.overlays)
        #expect(overlay.overrideRedirect && overlay.viewable)
        #expect(overlay.frame == [0, 0, server.width, server.height])
        return overlay.id
    }

    /// Top-level windows named like the selection overlay.
    static func overlays(_ display: X11Display) -> [UInt] {
        var root: Window = 0, parent: Window = 0, count: UInt32 = 0
        var children: UnsafeMutablePointer<Window>?
        guard XQueryTree(display.handle, display.root, &root, &parent, &children, &count) != 0, let children else { return [] }
        defer { XFree(children) }
        return UnsafeBufferPointer(start: children, count: Int(count)).filter { window in
            var name: UnsafeMutablePointer<CChar>?
            guard XFetchName(display.handle, window, &name) != 0, let name else { return false }
            defer { XFree(name) }
            return String(cString: name) == "livetext selection"
        }.map { UInt($0) }
    }

    /// No grab is left (another client can grab pointer and keyboard) and the overlay is gone.
    func expectClean(_ server: TestDisplay, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (pointer, keyboard, overlays) = try await LiveProbe.grabsFree(server, find: Self.overlays)
        #expect(pointer, "pointer still grabbed", sourceLocation: sourceLocation)
        #expect(keyboard, "keyboard still grabbed", sourceLocation: sourceLocation)
        #expect(overlays.isEmpty, "overlay left: \(overlays)", sourceLocation: sourceLocation)
    }

    /// The selection's outline colour (SelectionOverlay's), as read at depth 24.
    static let outline: [UInt8] = [0x1e, 0x90, 0xff, 255]

    /// Waits until the overlay shows `rect` highlighted: the middle of each edge in the outline
    /// colour, two pixels deep, and its pixels undimmed (at (10, 10) of `rect`, a point the
    /// dimming blackens, the pixel of `expected`); and none of `others` outlined.
    func waitForHighlight(_ server: TestDisplay, _ rect: Bounds, expected: PixelImage, notOn others: [Bounds] = [],
                          sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let shown = try await offPool {
            let probe = try X11Display(name: server.name)
            defer { probe.close() }
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                let screen = try ScreenCapture(display: probe).capture(.screen).image
                func pixel(_ x: Int, _ y: Int) -> [UInt8] {
                    let at = (y * screen.width + x) * 4
                    return Array(screen.pixels[at..<at + 4])
                }
                let (midX, midY) = (rect.x + rect.width / 2, rect.y + rect.height / 2)
                let edges = [(rect.x, midY), (rect.x + 1, midY), (rect.maxX - 1, midY), (rect.maxX - 2, midY),
                             (midX, rect.y), (midX, rect.y + 1), (midX, rect.maxY - 1), (midX, rect.maxY - 2)]
                let at = (10 * expected.width + 10) * 4
                if edges.allSatisfy({ pixel($0.0, $0.1) == Self.outline }),
                   pixel(rect.x + 10, rect.y + 10) == Array(expected.pixels[at..<at + 4]),
                   others.allSatisfy({ pixel($0.x, $0.y + $0.height / 2) != Self.outline }) {
                    return true
                }
                usleep(20_000)
            }
            return false
        }
        #expect(shown, "\(rect) never shown highlighted alone", sourceLocation: sourceLocation)
    }
}

/// What `select()` reported at rest, in order, from its thread.
final class RestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var captures: [CapturedImage] = []

    func append(_ capture: CapturedImage) { lock.withLock { captures.append(capture) } }
    var all: [CapturedImage] { lock.withLock { captures } }
}
