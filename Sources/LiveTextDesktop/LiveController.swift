import LiveTextCore
import X11Kit

/// What the live surface shows and does, as plain state: events in, commands and paints out. Runs
/// on the surface's thread.
struct LiveController {
    let width: Int
    let height: Int
    /// The reading, once it is done.
    private(set) var analysis: ImageAnalysis?
    /// Why the reading failed, when it did.
    private(set) var failure: LiveTextError?
    /// The word under the pointer.
    private var hovered: TextWord?

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// What the surface is asked to do after an event.
    enum Command: Equatable {
        /// Put this text on the clipboard.
        case copy(String)
        /// Close the surface.
        case close
    }

    mutating func handle(_ event: LiveSurfaceEvent) -> [Command] {
        switch event {
        case .message(let reading as LiveReading):
            switch reading {
            case .done(let analysis): self.analysis = analysis
            case .failed(let error): failure = error
            }
        case .motion(let x, let y, _):
            hovered = word(atX: x, y: y)
        case .key(let key) where key.isEnter:
            return [.close]
        default:
            break
        }
        return []
    }

    /// I-beam over a word, arrow elsewhere.
    var cursor: LiveCursor { hovered == nil ? .arrow : .iBeam }

    /// While reading, a quiet bar along the top; then every word faintly, the one under the
    /// pointer outlined; after a failure, a red bar.
    var paints: [LivePaint] {
        let bar = Bounds(x: 0, y: 0, width: width, height: min(3, height))
        if failure != nil { return [.fill(bar, LiveStyle.failure)] }
        guard let analysis else { return [.fill(bar, LiveStyle.reading)] }
        var paints = analysis.blocks.flatMap(\.lines).flatMap(\.words).map { LivePaint.fill($0.bounds, LiveStyle.word) }
        if let hovered { paints.append(.frame(hovered.bounds, LiveStyle.hovered, width: 1)) }
        return paints
    }

    private func word(atX x: Int, y: Int) -> TextWord? {
        analysis?.blocks.lazy.flatMap(\.lines).flatMap(\.words).first { $0.bounds.contains(x: x, y: y) }
    }
}

/// The colours of the live surface.
enum LiveStyle {
    static let reading = LiveColor(red: 0x1e, green: 0x90, blue: 0xff, alpha: 160)
    static let failure = LiveColor(red: 0xe0, green: 0x30, blue: 0x30, alpha: 200)
    static let word = LiveColor(red: 0x1e, green: 0x90, blue: 0xff, alpha: 40)
    static let hovered = LiveColor(red: 0x1e, green: 0x90, blue: 0xff, alpha: 200)
}
