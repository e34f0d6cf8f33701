import Foundation
import LiveTextCore
import Synchronization

/// A display server in memory, as swift-nio's `EmbeddedChannel` is a channel: a screen of given
/// pixels and monitors, a clipboard, a keyboard that records what is typed, and only the
/// capabilities it is given. Tests run the desktop, the pipeline and the service on it in
/// process, without X11 or Wayland; what a real backend must add is tested against the real
/// servers (Xvfb, headless sway).
public final class EmbeddedDisplay: DisplayBackend, Sendable {
    /// What a test sets up and reads back.
    public struct State: Sendable {
        /// The whole screen, rgba8.
        public var screen: PixelImage
        public var monitors: [Monitor]
        public var capabilities: DisplayCapabilities
        /// Why a missing capability is missing (the default names it).
        public var reasons: [String: String] = [:]
        /// The clipboard's image, or nil for a clipboard that holds no image.
        public var clipboardImage: ClipboardImage?
        /// What a selection returns (the user's drag), in screen coordinates; nil: the user pressed Esc.
        public var selection: Bounds?
        /// The monitor the pointer is on.
        public var pointerMonitor: Int?
        /// Every copy, in order, with the selections it owned.
        public var copies: [(content: ClipboardContent, selections: Set<SelectionName>)] = []
        /// Everything typed, in order.
        public var typed: [String] = []
        /// The viewer's windows opened (with `.viewWindow`), in order.
        public var viewCanvases: [EmbeddedViewCanvas] = []
        /// Set by `close()`.
        public var closed = false
        /// The activation token of each live canvas asked for, in order (nil: none given).
        public var liveCanvasTokens: [String?] = []
    }

    public let spokenName: String
    private let state: Mutex<State>

    /// A screen of `screen`'s pixels: one monitor covering it unless `monitors` are given, with
    /// `capabilities` (all but windows by default).
    public init(screen: PixelImage, monitors: [Monitor]? = nil, name: String = "the embedded display",
                capabilities: DisplayCapabilities = [.captureScreen, .selectRegion, .readClipboard, .copy, .copyPrimary, .type]) {
        spokenName = name
        let whole = Bounds(x: 0, y: 0, width: screen.width, height: screen.height)
        state = Mutex(State(screen: screen, monitors: monitors ?? [Monitor(name: "EMBEDDED-1", bounds: whole, isPrimary: true)],
                            capabilities: capabilities))
    }

    /// Reads or changes the state.
    public func withState<T>(_ body: (inout State) throws -> T) rethrows -> T {
        try state.withLock { try body(&$0) }
    }

    public var copies: [String] { withState { $0.copies.map(\.content.plain) } }
    public var typed: [String] { withState { $0.typed } }

    private func require(_ capability: DisplayCapabilities) throws {
        guard withState({ $0.capabilities }).isSuperset(of: capability) else {
            throw LiveTextError(.unavailable, unavailableReason(capability) ?? "")
        }
    }

    public func capabilities() throws -> DisplayCapabilities {
        withState { $0.capabilities }
    }

    public func mechanism(of capability: DisplayCapabilities) -> String? {
        (try? capabilities())?.isSuperset(of: capability) == true ? "the embedded display (in memory)" : nil
    }

    public func unavailableReason(_ capability: DisplayCapabilities) -> String? {
        withState { state in
            let missing = capability.subtracting(state.capabilities)
            guard !missing.isEmpty else { return nil }
            return state.reasons[missing.spokenName] ?? "\(missing.spokenName) is not available on \(spokenName)"
        }
    }

    public func monitors() async throws -> [Monitor] {
        withState { $0.monitors }
    }

    public func capture(_ target: CaptureTarget) async throws -> CapturedImage {
        if case .window = target { try require(.captureWindow) } else { try require(.captureScreen) }
        return try withState { state in
            let whole = Bounds(x: 0, y: 0, width: state.screen.width, height: state.screen.height)
            let area: Bounds
            switch target {
            case .screen: area = whole
            case .monitor(let index):
                guard state.monitors.indices.contains(index) else {
                    throw LiveTextError(.invalidArgs, "no monitor \(index): there are \(state.monitors.count)")
                }
                area = state.monitors[index].bounds
            case .region(let region):
                area = region.intersection(whole)
                guard !area.isEmpty else { throw LiveTextError(.invalidArgs, "region \(region) is off the screen") }
            case .window(let id):
                throw LiveTextError(.notFound, "no window 0x\(String(id, radix: 16)) on \(spokenName)")
            }
            return CapturedImage(image: state.screen.cropped(to: area), bounds: area)
        }
    }

    public func select(window: Bool, cancel: CancellationFlag,
                       atRest: (@Sendable (CapturedImage) -> Void)?) async throws -> CapturedImage {
        try require(window ? .pickWindow : .selectRegion)
        guard let area = withState({ $0.selection }) else { throw LiveTextError.cancelled }
        let captured = try await capture(.region(area))
        atRest?(captured)
        try cancel.check()
        return captured
    }

    public func monitorUnderPointer() async throws -> Int? {
        withState { $0.pointerMonitor }
    }

    public func clipboardImage(maxBytes: Int, within deadline: Duration) async throws -> ClipboardImage {
        try require(.readClipboard)
        guard let image = withState({ $0.clipboardImage }) else {
            throw LiveTextError(.notFound, "the clipboard holds no image; copy an image first")
        }
        guard image.data.count <= maxBytes else {
            throw LiveTextError(.tooLarge, "the clipboard holds \(image.data.count) bytes, more than the \(maxBytes) allowed")
        }
        return image
    }

    public func copy(_ content: ClipboardContent, to selections: Set<SelectionName>) throws {
        try require(selections.contains(.primary) ? [.copy, .copyPrimary] : .copy)
        withState { $0.copies.append((content, selections)) }
    }

    /// Nothing else ever copies here.
    public func waitUntilReplaced(timeout: Duration?) -> Bool { false }

    public func copyToHandOn(managerTimeout: Duration) -> (content: ClipboardContent, alsoPrimary: Bool)? {
        withState { $0.copies.last.map { ($0.content, $0.selections.contains(.primary)) } }
    }

    /// No canvas: the live surface's logic is tested as `LiveController` values, its drawing on
    /// the real servers.
    public func liveCanvas(_ target: CaptureTarget, maxPixels: Int, activationToken: String?) throws -> any LiveCanvas {
        withState { $0.liveCanvasTokens.append(activationToken) }
        throw LiveTextError(.unavailable, "live text on the screen is not available on \(spokenName)")
    }

    /// With `.viewWindow`, a window in memory (`EmbeddedViewCanvas`) of the size a real one opens at.
    public func viewCanvas(title: String, fitting image: (width: Int, height: Int)) throws -> any ViewCanvas {
        try require(.viewWindow)
        return withState { state in
            let screen = (width: state.screen.width, height: state.screen.height)
            let size = ViewCanvasSize.fitting(image: image, screen: screen)
            let canvas = EmbeddedViewCanvas(title: title, width: size.width, height: size.height, screen: screen)
            state.viewCanvases.append(canvas)
            return canvas
        }
    }

    public func type(_ text: String, cancel: CancellationFlag) async throws {
        try require(.type)
        try cancel.check()
        withState { $0.typed.append(text) }
    }

    public func close() {
        withState { $0.closed = true }
    }
}
