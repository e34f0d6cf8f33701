import Foundation
import LiveTextCore
import Synchronization

/// The viewer's window in memory (`EmbeddedDisplay.viewCanvas`), as a window manager would keep
/// it: a test hands it what the user does (`feed`) and reads what it shows (the title, the size,
/// the base and paints, full screen). Full screen takes the display's screen size, and gives the
/// size back after, each change reported as `.resized`, as a window manager does.
public final class EmbeddedViewCanvas: ViewCanvas, Sendable {
    /// What the window shows, and what is waiting for its handler.
    public struct Shown: Sendable {
        public var title: String
        public var width: Int
        public var height: Int
        public var isFullScreen = false
        /// The size before full screen.
        var windowed: (width: Int, height: Int)?
        public var base: PixelImage?
        public var paints: [LivePaint] = []
        public var shown = false
        public var closed = false
        var pending: [LiveSurfaceEvent] = []
        var finishing = false
    }

    private let state: Mutex<Shown>
    private let wake = DispatchSemaphore(value: 0)
    private let screen: (width: Int, height: Int)

    init(title: String, width: Int, height: Int, screen: (width: Int, height: Int)) {
        state = Mutex(Shown(title: title, width: width, height: height))
        self.screen = screen
    }

    /// What the window shows now.
    public var shown: Shown { state.withLock { $0 } }

    /// Hands `events` to the handler, in order, as the user's (any thread).
    public func feed(_ events: [LiveSurfaceEvent]) {
        state.withLock { $0.pending += events }
        wake.signal()
    }

    public var width: Int { state.withLock { $0.width } }
    public var height: Int { state.withLock { $0.height } }
    public var dotsPerInch: Double? { nil }
    public var isFullScreen: Bool { state.withLock { $0.isFullScreen } }

    public func show() throws { state.withLock { $0.shown = true } }
    public func setTitle(_ title: String) { state.withLock { $0.title = title } }
    public func setCursor(_ shape: LiveCursor) {}

    public func setFullScreen(_ on: Bool) {
        state.withLock { window in
            guard on != window.isFullScreen else { return }
            window.isFullScreen = on
            let size: (width: Int, height: Int)
            if on {
                window.windowed = (window.width, window.height)
                size = screen
            } else {
                size = window.windowed ?? (window.width, window.height)
            }
            (window.width, window.height) = size
            window.pending.append(.resized(width: size.width, height: size.height))
        }
        wake.signal()
    }

    public func setBase(_ pixels: PixelImage, paints: [LivePaint]) throws {
        state.withLock { ($0.base, $0.paints) = (pixels, paints) }
    }

    public func setPaints(_ new: [LivePaint]) throws { state.withLock { $0.paints = new } }

    @discardableResult
    public func send(_ value: any Sendable) -> Bool {
        let open = state.withLock { window in
            if !window.closed { window.pending.append(.message(value)) }
            return !window.closed
        }
        wake.signal()
        return open
    }

    public func finish() {
        state.withLock { $0.finishing = true }
        wake.signal()
    }

    /// Hands the events fed and values sent to `handler` until it finishes, `cancel` is raised or
    /// the window is closed; waits for more in between.
    public func run(cancel: CancellationFlag?, _ handler: (LiveSurfaceEvent) throws -> Void) throws -> ViewCanvasEnding {
        defer { close() }
        while true {
            if cancel?.isCancelled == true { return .cancelled }
            let (next, finishing, closed) = state.withLock { window -> (LiveSurfaceEvent?, Bool, Bool) in
                guard !window.finishing, !window.closed, !window.pending.isEmpty else { return (nil, window.finishing, window.closed) }
                return (window.pending.removeFirst(), false, false)
            }
            if finishing { return .finished }
            if closed { return .closed }
            if let next { try handler(next) } else { _ = wake.wait(timeout: .now() + .milliseconds(50)) }
        }
    }

    public func close() {
        state.withLock { $0.closed = true }
        wake.signal()
    }
}
